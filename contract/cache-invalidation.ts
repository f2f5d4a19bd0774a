/**
 * What one server tells every server (itself included) when something their in-process caches
 * hold has changed in the store (docs/decisions/016-cache-invalidation.md). Each cache drops
 * what a message names; a message lost to a broken connection is made up for by `everything`.
 */
export type CacheInvalidation =
  /** A page, section, menu or other document of the realm was published or restored. */
  | { kind: "published"; realm: string }
  /** The realm itself changed: settings, theme, domains, keys, labels (a seed run). */
  | { kind: "realm"; realm: string }
  /** These sessions were ended (sign-out, password reset): their tokens count no more. */
  | { kind: "sessions"; sids: string[] }
  /**
   * A watch-together room changed (state, members, a reaction): its event streams on every
   * server read it again. No cache holds rooms, so caches ignore it.
   */
  | { kind: "room"; id: string }
  /** Messages may have been missed (a reconnect): drop every cached answer. */
  | { kind: "everything" };

/** A message as it came over the wire, or undefined when it is not one of ours. */
export function parseInvalidation(text: string): CacheInvalidation | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.kind) {
    case "published":
    case "realm":
      return typeof message.realm === "string"
        ? { kind: message.kind, realm: message.realm }
        : undefined;
    case "sessions":
      return Array.isArray(message.sids) && message.sids.every((s) => typeof s === "string")
        ? { kind: "sessions", sids: message.sids as string[] }
        : undefined;
    case "room":
      return typeof message.id === "string" ? { kind: "room", id: message.id } : undefined;
    case "everything":
      return { kind: "everything" };
    default:
      return undefined;
  }
}
