import { useFetcher, useLocation } from "@remix-run/react";
import { DropdownMenu } from "radix-ui";
import { useT } from "../i18n/i18n.ts";
import { Icon } from "../ui/Icon.tsx";

/**
 * Without JavaScript the menu cannot open: the same choice is a form of one button per
 * language instead (`<noscript>`, and the menu's button hidden by `@media (scripting: none)`),
 * which posts to `/language` and comes back to the page in the chosen language.
 *
 * The realm's languages as a menu of radio items (radix DropdownMenu: arrow keys, Enter,
 * Escape, focus returned to the button). Choosing one saves it (`POST /language`) and comes
 * back to the same page, which the root loader then renders in that language.
 */
export function LanguageSwitcher({
  languages,
  current,
  basePath,
}: {
  languages: readonly string[];
  current: string;
  basePath: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const location = useLocation();
  const nameOf = (language: string) =>
    t(`languageName_${language.split(/[-_]/)[0]!.toLowerCase()}`, { defaultValue: language });
  const choose = (language: string) => {
    if (language === current) return;
    void fetcher.submit(
      { language, from: `${location.pathname}${location.search}${location.hash}` },
      { method: "post", action: `${basePath}/language` },
    );
  };
  return (
    <>
      <noscript>
        <form method="post" action={`${basePath}/language`} className="header-language-form">
          <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
          {languages.map((language) => (
            <button
              key={language}
              type="submit"
              name="language"
              value={language}
              lang={language}
              className="header-button header-language-option"
              aria-current={language === current ? "true" : undefined}
            >
              <span aria-hidden="true">{language.split(/[-_]/)[0]!.toUpperCase()}</span>
              <span className="visually-hidden">{nameOf(language)}</span>
            </button>
          ))}
        </form>
      </noscript>
      <LanguageMenu languages={languages} current={current} choose={choose} nameOf={nameOf} />
    </>
  );
}

function LanguageMenu({
  languages,
  current,
  choose,
  nameOf,
}: {
  languages: readonly string[];
  current: string;
  choose: (language: string) => void;
  nameOf: (language: string) => string;
}) {
  const t = useT();
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its
    // links stay focusable (axe: aria-hidden-focus); Escape and a click outside still close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="header-button header-language">
        <Icon name="globe" />
        <span className="header-language-code" aria-hidden="true">
          {current.split(/[-_]/)[0]!.toUpperCase()}
        </span>
        <span className="visually-hidden">{t("languageMenu", { language: nameOf(current) })}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="header-dropdown" align="end" sideOffset={6}>
          <DropdownMenu.RadioGroup value={current} onValueChange={choose}>
            {languages.map((language) => (
              <DropdownMenu.RadioItem
                key={language}
                value={language}
                lang={language}
                className="header-dropdown-item header-language-item"
              >
                <span className="header-language-check">
                  <DropdownMenu.ItemIndicator>
                    <Icon name="check" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {nameOf(language)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
