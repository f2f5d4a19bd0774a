import { validatePage, type PageIssue } from "./page-validation.ts";
import { validate } from "./validator.ts";

/** How published documents are stored: one versioned table per kind. */
export type DocumentKind = "page" | "section" | "menu" | "promo";

/** A stored document: its kind and its key within the realm. */
export interface DocumentRef {
  kind: DocumentKind;
  key: string;
}

/**
 * The names admins address documents by (spec section 2, "admin preview routes"): each maps to
 * a stored document and owns its own keys, so no document has two names.
 */
export const ADMIN_TARGETS = [
  "page",
  "composed-page",
  "plugin",
  "section",
  "navbar",
  "not-found-page",
  "cancellation-promo",
] as const;
export type AdminTarget = (typeof ADMIN_TARGETS)[number];

/** Pages that show one playlist, series or season: previewed with an item of that type. */
export const TEMPLATE_PAGE_KEYS = ["playlist", "series", "season"] as const;
export const NOT_FOUND_PAGE_KEY = "not-found";
export const CANCELLATION_PROMO_KEY = "cancellation";
export const MENU_PLATFORMS = ["WEB", "MOBILE_WEB"] as const;

const NAME = /^[a-z0-9][a-z0-9-]{1,79}$/;
const PLUGIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export class TargetError extends Error {
  override name = "TargetError";
}

export function isAdminTarget(value: string): value is AdminTarget {
  return (ADMIN_TARGETS as readonly string[]).includes(value);
}

/** The stored document an admin target names; throws TargetError with the reason otherwise. */
export function documentOf(target: AdminTarget, key: string | undefined): DocumentRef {
  const need = (pattern: RegExp, what: string) => {
    if (!key || !pattern.test(key)) {
      throw new TargetError(`'${(key ?? "").slice(0, 40)}' is not a valid ${what}`);
    }
    return key;
  };
  const none = () => {
    if (key) throw new TargetError(`a ${target} has no key (found '${key.slice(0, 40)}')`);
  };
  switch (target) {
    case "page": {
      const page = need(NAME, "page key");
      const owner = ownerOf(page);
      if (owner !== "page") {
        throw new TargetError(`page '${page}' is addressed as ${owner}, not as page`);
      }
      return { kind: "page", key: page };
    }
    case "composed-page": {
      const page = need(NAME, "page key");
      if (!(TEMPLATE_PAGE_KEYS as readonly string[]).includes(page)) {
        throw new TargetError(
          `a composed page is one of ${TEMPLATE_PAGE_KEYS.join(", ")} (found '${page}')`,
        );
      }
      return { kind: "page", key: page };
    }
    case "plugin":
      return { kind: "page", key: `plugin-${need(PLUGIN_ID, "plugin id").toLowerCase()}` };
    case "section":
      return { kind: "section", key: need(NAME, "section name") };
    case "navbar": {
      const platform = (key ?? "WEB").toUpperCase();
      if (!(MENU_PLATFORMS as readonly string[]).includes(platform)) {
        throw new TargetError(`a navbar is for ${MENU_PLATFORMS.join(" or ")} (found '${key}')`);
      }
      return { kind: "menu", key: platform };
    }
    case "not-found-page":
      none();
      return { kind: "page", key: NOT_FOUND_PAGE_KEY };
    case "cancellation-promo":
      none();
      return { kind: "promo", key: CANCELLATION_PROMO_KEY };
  }
}

/** How admins address a stored document: the target and its key (null for one-document targets). */
export function addressOf(ref: DocumentRef): { target: AdminTarget; key: string | null } {
  switch (ref.kind) {
    case "section":
      return { target: "section", key: ref.key };
    case "menu":
      return { target: "navbar", key: ref.key };
    case "promo":
      return { target: "cancellation-promo", key: null };
    case "page": {
      const target = ownerOf(ref.key);
      if (target === "not-found-page") return { target, key: null };
      // Plugin ids are stored lower-cased behind their prefix; the id addresses them again.
      if (target === "plugin") return { target, key: ref.key.slice("plugin-".length) };
      return { target, key: ref.key };
    }
  }
}

/** Which target addresses a stored page key. */
function ownerOf(pageKey: string): AdminTarget {
  if ((TEMPLATE_PAGE_KEYS as readonly string[]).includes(pageKey)) return "composed-page";
  if (pageKey === NOT_FOUND_PAGE_KEY) return "not-found-page";
  if (pageKey.startsWith("plugin-")) return "plugin";
  return "page";
}

/**
 * Validates a document of a kind, and that it names the document it is saved as (a page's
 * `key`, a section's `name`, a menu's `targetPlatform`).
 */
export function validateDocument(ref: DocumentRef, document: unknown): PageIssue[] {
  const issues: PageIssue[] =
    ref.kind === "page" || ref.kind === "section"
      ? validatePage(ref.kind, document).issues
      : validate(ref.kind === "menu" ? "menu" : "cancellationPromo", document).issues;
  const own = document as Record<string, unknown> | null;
  const identity =
    ref.kind === "page"
      ? { field: "key", required: true }
      : ref.kind === "section"
        ? { field: "name", required: true }
        : ref.kind === "menu"
          ? { field: "targetPlatform", required: false }
          : undefined;
  if (identity && own && typeof own === "object" && identity.field in own) {
    const value = own[identity.field];
    if (typeof value === "string" && value !== ref.key) {
      issues.push({
        pointer: `/${identity.field}`,
        message: `${identity.field} is '${value}' but this document is saved as '${ref.key}'`,
      });
    }
  }
  return issues;
}
