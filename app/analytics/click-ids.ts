/** Click identifiers are kept this long after the visit that brought them (spec section 9). */
export const CLICK_ID_TTL_MS = 90 * 24 * 3600 * 1000;
/** TikTok's callback (its click id) always starts so; anything else is not TikTok's. */
export const TIKTOK_CALLBACK_PREFIX = "E.C.P.";

const STORAGE_KEY = "analyticsClickIds";
const VALUE = /^[\w.~-]{1,200}$/;

/** The query parameter each advertiser's click id arrives in. */
const PARAMS = { tiktok: "callback", snapchat: "ScCid", tradeDesk: "ttd_id" } as const;
export type ClickIdKind = keyof typeof PARAMS;
export type ClickIds = Partial<Record<ClickIdKind, string>>;

type Stored = Partial<Record<ClickIdKind, { value: string; expiresAt: number }>>;

/** A click id as its advertiser sends it, or null (a TikTok one must start with `E.C.P.`). */
export function validClickId(kind: ClickIdKind, value: string | null): string | null {
  if (value === null || !VALUE.test(value)) return null;
  if (kind === "tiktok" && !value.startsWith(TIKTOK_CALLBACK_PREFIX)) return null;
  return value;
}

/**
 * Keeps the click ids of this URL (each for 90 days, a newer click replacing an older) and
 * answers those still current. Storage that cannot be read or written keeps nothing.
 */
export function rememberClickIds(search: string, storage: Storage, now = Date.now()): ClickIds {
  let stored: Stored = {};
  try {
    stored = (JSON.parse(storage.getItem(STORAGE_KEY) ?? "{}") as Stored) ?? {};
  } catch {
    stored = {};
  }
  const params = new URLSearchParams(search);
  const current: Stored = {};
  for (const kind of Object.keys(PARAMS) as ClickIdKind[]) {
    const fresh = validClickId(kind, params.get(PARAMS[kind]));
    const kept = stored[kind];
    if (fresh) current[kind] = { value: fresh, expiresAt: now + CLICK_ID_TTL_MS };
    else if (
      kept &&
      typeof kept.value === "string" &&
      kept.expiresAt > now &&
      validClickId(kind, kept.value)
    ) {
      current[kind] = kept;
    }
  }
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private modes may refuse storage: the ids then last for this page only.
  }
  return Object.fromEntries(Object.entries(current).map(([kind, id]) => [kind, id.value]));
}
