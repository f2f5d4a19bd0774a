/** Route keys whose id (the next path segment) is part of the key (spec section 3). */
const WITH_ID = new Set(["SECTION", "LIVE", "VOD"]);
const ID = /^[\w.~-]{1,100}$/;

/**
 * The route key an analytics event is stamped with: the first path segment after the realm,
 * upper-cased (`HOME` for the realm's root, `ACCOUNT`, `SIGNUP`, `PURCHASE`, `PLAYLIST`,
 * `BROWSE`, `GRID`, `LOGIN`, `SEARCH`...), and for a section, live event or video its id too
 * (`SECTION football`, `LIVE 12`, `VOD 7`).
 */
export function routeKey(pathname: string, basePath: string): string {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  const [first = "", second] = rest.split("/").filter(Boolean);
  const name = first
    .toUpperCase()
    .replace(/[^A-Z]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!name) return "HOME";
  const key = name.slice(0, 31).padEnd(2, "_");
  if (WITH_ID.has(key) && second && ID.test(safeDecode(second))) {
    return `${key} ${safeDecode(second)}`;
  }
  return key;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
