import { useFetcher, useLocation } from "@remix-run/react";
import { DropdownMenu } from "radix-ui";
import { useT } from "../i18n/i18n.ts";
import { Icon } from "../ui/Icon.tsx";

/**
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
