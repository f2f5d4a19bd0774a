import { Link } from "@remix-run/react";
import { Collapsible, DropdownMenu } from "radix-ui";
import {
  forwardRef,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { NEW_TAB } from "../ui/links.ts";
import { Icon } from "../ui/Icon.tsx";
import {
  containsCurrent,
  hrefOf,
  isCurrent,
  isSignOut,
  menuScrolls,
  type Here,
  type MenuEntry,
} from "./menu-items.ts";

interface Place {
  basePath: string;
  here: Here;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

interface MenuNavProps extends Place {
  entries: MenuEntry[];
  /**
   * Horizontal: a bar whose folders are menu buttons (radix DropdownMenu). Vertical (drawer and
   * sidebar): a list whose folders open in place (radix Collapsible).
   */
  orientation: "horizontal" | "vertical";
  className?: string;
  /** Whether the navbar is in mobile mode; a change closes the bar's open folder. */
  mobile?: boolean | null;
}

/**
 * The realm's menu. In the bar a folder is a menu button: Enter, Space or the down arrow opens
 * it, arrow keys move through its items, Escape or a click outside closes it and focus goes back
 * to its button. In a list a folder is a disclosure button. The current page's link has
 * aria-current="page"; the bar scrolls sideways from five items (spec section 9).
 */
export function MenuNav({ entries, orientation, className, mobile, ...place }: MenuNavProps) {
  const { t } = useTranslation();
  const horizontal = orientation === "horizontal";
  return (
    <nav
      aria-label={t("mainMenu")}
      data-orientation={orientation}
      className={`menu menu-${orientation}${className ? ` ${className}` : ""}`}
    >
      <ul className="menu-list" data-scrolls={horizontal && menuScrolls(entries) ? "" : undefined}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {!entry.children ? (
              <Entry entry={entry} {...place} />
            ) : horizontal ? (
              <FolderMenu entry={entry} mobile={mobile} {...place} />
            ) : (
              <FolderList entry={entry} {...place} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The props of a folder's button: its title, marked when the current page is inside. */
function folderButton(entry: MenuEntry, { basePath, here }: Place) {
  return {
    className: "menu-link menu-folder",
    "data-current": containsCurrent(entry, basePath, here) ? "" : undefined,
    title: entry.seoTitle,
    children: (
      <>
        <EntryLabel entry={entry} />
        <Icon name="chevronDown" />
      </>
    ),
  };
}

function FolderMenu({
  entry,
  mobile,
  ...place
}: Place & { entry: MenuEntry; mobile?: boolean | null }) {
  const [open, setOpen] = useState(false);
  const [lastMobile, setLastMobile] = useState(mobile);
  if (mobile !== lastMobile) {
    // The bar is hidden in mobile mode: its open menu must not stay on screen.
    setLastMobile(mobile);
    setOpen(false);
  }
  const groupId = useId();
  const items = (children: MenuEntry[]): ReactNode =>
    children.map((child) =>
      child.children ? (
        <DropdownMenu.Group key={child.id} aria-labelledby={`${groupId}-${child.id}`}>
          <DropdownMenu.Label className="menu-group-title" id={`${groupId}-${child.id}`}>
            {child.title}
          </DropdownMenu.Label>
          {items(child.children)}
        </DropdownMenu.Group>
      ) : (
        <DropdownMenu.Item
          key={child.id}
          asChild
          // Closing the menu would take the sign-out form out of the page before it is sent.
          onSelect={isSignOut(child) ? (event) => event.preventDefault() : undefined}
        >
          <Entry entry={child} {...place} />
        </DropdownMenu.Item>
      ),
    );
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger {...folderButton(entry, place)} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu-dropdown"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          loop
          // A long folder scrolls (at most 300 px high): the list itself takes focus, so the
          // keyboard reaches it even before an item is focused.
          tabIndex={0}
        >
          {items(entry.children!)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function FolderList({ entry, ...place }: Place & { entry: MenuEntry }) {
  // A folder holding the current page starts open, so the viewer sees where they are.
  const [open, setOpen] = useState(() => containsCurrent(entry, place.basePath, place.here));
  const groupId = useId();
  const list = (children: MenuEntry[], labelledBy?: string): ReactNode => (
    <ul className="menu-sublist" aria-labelledby={labelledBy}>
      {children.map((child) => (
        <li key={child.id}>
          {child.children ? (
            <>
              <span className="menu-group-title" id={`${groupId}-${child.id}`}>
                {child.title}
              </span>
              {list(child.children, `${groupId}-${child.id}`)}
            </>
          ) : (
            <Entry entry={child} {...place} />
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      <Collapsible.Trigger {...folderButton(entry, place)} />
      <Collapsible.Content className="menu-folder-content">
        {list(entry.children!)}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

type EntryProps = Place & { entry: MenuEntry };

/**
 * A menu entry: a link, or for signing out a form's button. As a menu item it gets the item's
 * props and ref from radix, which the link or button takes.
 */
const Entry = forwardRef<HTMLAnchorElement & HTMLButtonElement, EntryProps>(
  function Entry(props, ref) {
    return isSignOut(props.entry) ? (
      <SignOutButton {...props} ref={ref} />
    ) : (
      <EntryLink {...props} ref={ref} />
    );
  },
);

/**
 * Signing out is a form post, so that a link on another site cannot sign the viewer out. The
 * button looks like the menu's links; it does not close the menu or drawer, as the page is
 * replaced once the form is sent.
 */
const SignOutButton = forwardRef<
  HTMLButtonElement,
  EntryProps & Omit<ComponentPropsWithoutRef<"button">, "type">
>(function SignOutButton({ entry, basePath, here, onNavigate: _onNavigate, ...item }, ref) {
  return (
    <form method="post" action={hrefOf(entry.target!, basePath, here)} className="menu-form">
      <button
        {...item}
        ref={ref}
        type="submit"
        className={`menu-link${entry.featured ? " menu-link-featured" : ""}`}
        title={entry.seoTitle}
      >
        <EntryLabel entry={entry} />
      </button>
    </form>
  );
});

/**
 * A link of the menu. As a menu item it gets the item's props (role, focus, key and click
 * handling) and ref from radix, which it passes to the anchor.
 */
const EntryLink = forwardRef<
  HTMLAnchorElement,
  Place & { entry: MenuEntry } & Omit<ComponentPropsWithoutRef<"a">, "href">
>(function EntryLink({ entry, basePath, here, onNavigate, onClick, ...item }, ref) {
  const { t } = useTranslation();
  const target = entry.target!;
  const props = {
    ...item,
    ref,
    className: `menu-link${entry.featured ? " menu-link-featured" : ""}`,
    title: entry.seoTitle,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      onNavigate?.();
    },
  };
  if (target.kind === "outbound") {
    return (
      <a {...props} href={target.url} {...NEW_TAB}>
        <EntryLabel entry={entry} />
        <span className="visually-hidden"> {t("opensInNewTab")}</span>
      </a>
    );
  }
  return (
    <Link
      {...props}
      to={hrefOf(target, basePath, here)}
      aria-current={isCurrent(target, basePath, here) ? "page" : undefined}
    >
      <EntryLabel entry={entry} />
    </Link>
  );
});

/** The title, after the item's icon when it has one (decorative: the title names the item). */
function EntryLabel({ entry }: { entry: MenuEntry }) {
  return (
    <>
      {entry.icon ? (
        <img
          className="menu-icon"
          src={entry.icon.url}
          alt=""
          width={entry.icon.size}
          height={entry.icon.size}
        />
      ) : null}
      <span className="menu-title">{entry.title}</span>
    </>
  );
}
