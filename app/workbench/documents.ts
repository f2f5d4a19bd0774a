import type { AdminDocumentList } from "../../contract/generated/admin-documents.ts";
import { ADMIN_TARGETS, type AdminTarget } from "../../schemas/document-kinds.ts";

export type DocumentStatus = AdminDocumentList["documents"][number];

/** The list's filter: words of the key, a target, and whether a draft is waiting. */
export interface DocumentFilter {
  q: string;
  target: AdminTarget | "";
  state: "" | "draft" | "published" | "unpublished";
}

const STATES = ["", "draft", "published", "unpublished"] as const;

export function readFilter(url: URL): DocumentFilter {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  const target = url.searchParams.get("target") ?? "";
  const state = url.searchParams.get("state") ?? "";
  return {
    q,
    target: (ADMIN_TARGETS as readonly string[]).includes(target) ? (target as AdminTarget) : "",
    state: (STATES as readonly string[]).includes(state) ? (state as DocumentFilter["state"]) : "",
  };
}

export function filterDocuments(documents: DocumentStatus[], filter: DocumentFilter) {
  const q = filter.q.toLowerCase();
  return documents.filter(
    (doc) =>
      (!filter.target || doc.target === filter.target) &&
      (!q || `${doc.target} ${doc.key ?? ""}`.toLowerCase().includes(q)) &&
      (filter.state === "" ||
        (filter.state === "draft" && doc.draft !== null) ||
        (filter.state === "published" && doc.published !== null) ||
        (filter.state === "unpublished" && doc.published === null)),
  );
}

/** Targets with exactly one document have no key in their addresses. */
export function targetHasKey(target: AdminTarget): boolean {
  return target !== "not-found-page" && target !== "cancellation-promo";
}

/** The platform path of a document's draft (`/v2/admin/drafts/{target}/{key}`). */
export function documentPath(target: AdminTarget, key: string | null): string {
  return `/v2/admin/drafts/${target}${key ? `/${encodeURIComponent(key)}` : ""}`;
}

/** The platform path of a document's publish or version list (`/v2/admin/{action}/{target}/{key}`). */
export function documentActionPath(
  action: "publish" | "versions",
  target: AdminTarget,
  key: string | null,
): string {
  return `/v2/admin/${action}/${target}${key ? `/${encodeURIComponent(key)}` : ""}`;
}

/** The platform path of one version, or of restoring it into the draft. */
export function versionPath(
  action: "version" | "restore-draft",
  target: AdminTarget,
  version: number,
  key: string | null,
): string {
  return `/v2/admin/${action}/${target}/${version}${key ? `/${encodeURIComponent(key)}` : ""}`;
}
