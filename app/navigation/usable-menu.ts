import type { Menu } from "../../schemas/generated/menu.ts";
import { validate, type ValidationIssue } from "../../schemas/validator.ts";

/** `/items/3` or `/items/3/items/1`, and anything below: the item an issue is about. */
const ITEM = /^((?:\/items\/\d+)+)(?:\/(?!items\/\d).*)?$/;

const logged = new Set<string>();

function logOnce(realm: string, issue: ValidationIssue) {
  const key = `${realm}${issue.pointer}${issue.message}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "invalid menu item left out",
      realm,
      pointer: issue.pointer,
      message: issue.message,
    }),
  );
}

/** The menu without the items at `pointers` (`/items/3`, `/items/3/items/1`). */
function without(menu: Menu, pointers: Set<string>): Menu {
  const keep = (items: Menu["items"], at: string): Menu["items"] =>
    items
      .map((item, index) => ({ item, pointer: `${at}/items/${index}` }))
      .filter(({ pointer }) => !pointers.has(pointer))
      .map(({ item, pointer }) =>
        item.items ? { ...item, items: keep(item.items, pointer) } : item,
      );
  return { ...menu, items: keep(menu.items, "") };
}

/**
 * The menu a realm's init gave, checked against its schema as pages are: an item that does not
 * fit is left out and logged once, so one bad entry never costs the whole header. A menu whose
 * own fields do not fit (no layout, say) is not shown at all.
 */
export function usableMenu(answer: unknown, realm: string): Menu | null {
  if (typeof answer !== "object" || answer === null) return null;
  // Init adds the published version to the config document, which has no such field.
  const { version: _version, ...menu } = answer as Record<string, unknown>;
  const first = validate<Menu>("menu", menu);
  if (first.ok) return first.value;
  const broken = new Set<string>();
  for (const issue of first.issues) {
    logOnce(realm, issue);
    const item = ITEM.exec(issue.pointer);
    if (!item) return null;
    broken.add(item[1]!);
  }
  const second = validate<Menu>("menu", without(menu as unknown as Menu, broken));
  return second.ok ? second.value : null;
}
