import { Dialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/Icon.tsx";
import type { Here, MenuEntry } from "./menu-items.ts";
import { MenuNav } from "./MenuNav.tsx";

/**
 * The menu behind a hamburger button: a modal drawer (radix Dialog) that traps focus, closes on
 * Escape, on a click outside and when a link is followed, and gives focus back to the button.
 * `alwaysAvailable` (the HAMBURGER layout) keeps it at every width; otherwise it is the mobile
 * menu and closes when the window grows out of mobile mode. `shown` (the workbench's preview of
 * a menu) holds it open in place, beside the page rather than over it: no overlay, no focus
 * trap, nothing closes it.
 */
export function MenuDrawer({
  entries,
  basePath,
  here,
  mobile,
  alwaysAvailable,
  shown = false,
}: {
  entries: MenuEntry[];
  basePath: string;
  here: Here;
  mobile: boolean | null;
  alwaysAvailable: boolean;
  shown?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lastMobile, setLastMobile] = useState(mobile);
  if (mobile !== lastMobile) {
    setLastMobile(mobile);
    if (mobile === false && !alwaysAvailable) setOpen(false);
  }
  const content = (
    <Dialog.Content
      className="menu-drawer"
      data-shown={shown ? "" : undefined}
      aria-describedby={undefined}
      // Held open in a preview frame, it must not take the focus from the editor beside it.
      onOpenAutoFocus={shown ? (event) => event.preventDefault() : undefined}
    >
      <div className="menu-drawer-head">
        <Dialog.Title className="menu-drawer-title">{t("menu")}</Dialog.Title>
        <Dialog.Close className="header-button">
          <Icon name="close" />
          <span className="visually-hidden">{t("closeMenu")}</span>
        </Dialog.Close>
      </div>
      <MenuNav
        entries={entries}
        basePath={basePath}
        here={here}
        orientation="vertical"
        onNavigate={() => setOpen(false)}
      />
    </Dialog.Content>
  );
  if (shown) {
    return (
      <Dialog.Root open modal={false}>
        <Dialog.Trigger className="header-button menu-toggle">
          <Icon name="menu" />
          <span className="visually-hidden">{t("menu")}</span>
        </Dialog.Trigger>
        {content}
      </Dialog.Root>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="header-button menu-toggle">
        <Icon name="menu" />
        <span className="visually-hidden">{t("menu")}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-drawer-overlay" />
        {content}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
