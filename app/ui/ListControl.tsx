import { DropdownMenu } from "radix-ui";
import { createContext, useContext, useEffect, useSyncExternalStore, type MouseEvent } from "react";
import { useT } from "../i18n/i18n.ts";
import { Icon } from "./Icon.tsx";
import { actionLabel } from "./list-labels.ts";

/** A list the viewer may add to from the menu (a named watchlist). */
export interface NamedList {
  id: string;
  name: string;
}

/**
 * What the add/remove-to-list control needs from the app: the realm's lists, where the form
 * posts, and (with script, for a signed-in viewer) the page's membership store. Given by the
 * realm frame; without it (or in a realm without lists) the control renders nothing.
 */
export interface ListsView {
  /** The list one press adds to: my list, else favourites; null when the realm has neither. */
  primary: "my-list" | "favourites" | null;
  /** The realm has named watchlists (the control's menu lists them). */
  watchlists: boolean;
  /** The form's action (the `list-item` route) and the page it comes back to. */
  action: string;
  returnTo: string;
  /** Where watchlists are made (the watchlists page), where the realm has them. */
  watchlistsHref: string | null;
  /** Script runs and the viewer is signed in: membership is asked for, watchlists offered. */
  live: boolean;
  /**
   * The viewer is signed in: a press handled by script changes the list in place, also in the
   * moment between hydration and `live` (a form post then would reload the page and lose focus).
   */
  signedIn: boolean;
  subscribe(listener: () => void): () => void;
  listsOf(ref: string): readonly string[] | undefined;
  namedLists(): readonly NamedList[];
  request(ref: string): void;
  change(ref: string, list: string, add: boolean): void;
}

export const ListsContext = createContext<ListsView | null>(null);

/** The ids of the page's two list forms, which every control's button submits. */
export const LIST_FORM_IDS = { add: "list-form-add", remove: "list-form-remove" } as const;

/**
 * The page's two forms of the list controls, one adding to the realm's list and one removing
 * from it. Each control is a submit button naming its form and carrying the item as its value,
 * so a page of fifty cards holds the list, the action and the way back twice, not fifty times.
 * Rendered once, by the page's lists provider.
 */
export function ListForms() {
  const lists = useContext(ListsContext);
  if (!lists?.primary) return null;
  return (
    <>
      {(["add", "remove"] as const).map((intent) => (
        <form key={intent} id={LIST_FORM_IDS[intent]} method="post" action={lists.action} hidden>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="list" value={lists.primary!} />
          <input type="hidden" name="returnTo" value={lists.returnTo} />
        </form>
      ))}
    </>
  );
}

const NO_SUBSCRIPTION = () => () => {};
const NOTHING = () => undefined;
const EMPTY: readonly NamedList[] = Object.freeze([]);
const NO_LISTS = () => EMPTY;

/** The lists holding `ref`, kept current as the store changes. */
function useMembership(lists: ListsView | null, ref: string) {
  const member = useSyncExternalStore(
    lists?.subscribe ?? NO_SUBSCRIPTION,
    () => lists?.listsOf(ref),
    NOTHING,
  );
  const named = useSyncExternalStore(
    lists?.subscribe ?? NO_SUBSCRIPTION,
    lists?.namedLists ?? NO_LISTS,
    NO_LISTS,
  );
  return { member: member ?? [], named };
}

export interface ListControlProps {
  /** `TYPE:id` of the item (see app/lists/refs.ts). */
  itemRef: string;
  /** On a card: an icon button over the artwork; near a title: a labelled button. */
  variant: "card" | "labelled";
  /** Ids of what names the item (the card's title), read as the button's description. */
  describedBy?: string;
  /** For roving focus in a row: the control follows its card's tab stop. */
  tabIndex?: number;
}

/**
 * Adds the item to the realm's list (my list, else favourites), or removes it: a real form
 * post to the `list-item` route that works without script (a button of the page's
 * `ListForms`); with script, for a signed-in
 * viewer, the change shows at once and is undone with a toast if it fails. Its name says what
 * a press does, and so whether the item is in ("Add to My List", "Remove from My List").
 * Where the realm has watchlists, a menu button beside it adds to any of them.
 */
export function ListControl({ itemRef, variant, describedBy, tabIndex }: ListControlProps) {
  const lists = useContext(ListsContext);
  const t = useT();
  const { member, named } = useMembership(lists, itemRef);
  useEffect(() => {
    lists?.request(itemRef);
  }, [lists, itemRef]);
  if (!lists || (!lists.primary && !lists.watchlists)) return null;
  const { primary } = lists;
  const inPrimary = primary !== null && member.includes(primary);

  const onPress = (event: MouseEvent<HTMLButtonElement>) => {
    // Visitors who are not signed in post the form: it takes them to sign-in and back.
    if (!lists.signedIn || !primary) return;
    event.preventDefault();
    lists.change(itemRef, primary, !inPrimary);
  };
  const label = primary ? t(actionLabel(primary, inPrimary)) : "";

  return (
    <div className={`list-control list-control-${variant}`}>
      {primary ? (
        <button
          type="submit"
          form={LIST_FORM_IDS[inPrimary ? "remove" : "add"]}
          name="ref"
          value={itemRef}
          onClick={onPress}
          className={variant === "card" ? "list-toggle icon-button" : "list-toggle button"}
          aria-label={variant === "card" ? label : undefined}
          aria-describedby={describedBy}
          tabIndex={tabIndex}
          data-in-list={inPrimary ? "true" : "false"}
        >
          <Icon name={inPrimary ? "check" : "plus"} />
          {variant === "labelled" ? <span>{label}</span> : null}
        </button>
      ) : null}
      {lists.watchlists && lists.live ? (
        <WatchlistMenu
          lists={lists}
          itemRef={itemRef}
          member={member}
          named={named}
          describedBy={describedBy}
          tabIndex={tabIndex}
        />
      ) : null}
    </div>
  );
}

/** The realm's watchlists as checkbox items (radix DropdownMenu), and a way to make one. */
function WatchlistMenu({
  lists,
  itemRef,
  member,
  named,
  describedBy,
  tabIndex,
}: {
  lists: ListsView;
  itemRef: string;
  member: readonly string[];
  named: readonly NamedList[];
  describedBy?: string;
  tabIndex?: number;
}) {
  const t = useT();
  return (
    // Not modal, like the header's menus: a modal one hides the page while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="list-more icon-button"
        aria-label={t("addToWatchlist")}
        aria-describedby={describedBy}
        tabIndex={tabIndex}
      >
        <Icon name="more" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="list-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="list-menu-label">
            {t("listMenuWatchlists")}
          </DropdownMenu.Label>
          {named.length === 0 ? (
            <p className="list-menu-empty">{t("listMenuNoWatchlists")}</p>
          ) : null}
          {named.map((list) => (
            <DropdownMenu.CheckboxItem
              key={list.id}
              className="list-menu-item"
              checked={member.includes(list.id)}
              onCheckedChange={(checked) => lists.change(itemRef, list.id, checked === true)}
              onSelect={(event) => event.preventDefault()}
            >
              <span className="list-menu-check">
                <DropdownMenu.ItemIndicator>
                  <Icon name="check" />
                </DropdownMenu.ItemIndicator>
              </span>
              {list.name}
            </DropdownMenu.CheckboxItem>
          ))}
          {lists.watchlistsHref ? (
            <DropdownMenu.Item asChild className="list-menu-item">
              <a href={lists.watchlistsHref}>{t("listMenuNewWatchlist")}</a>
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
