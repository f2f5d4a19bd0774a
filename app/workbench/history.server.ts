import { data, redirect } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import type { AdminTarget } from "../../schemas/document-kinds.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { documentChanges } from "./block-diff.ts";
import { documentActionPath, versionPath } from "./documents.ts";
import { lineDiff } from "./line-diff.ts";
import { PUBLISH_NOTE_MAX } from "../../contract/content-history.ts";
import { documentText } from "./outline.ts";
import type {
  Comparison,
  DocumentIssue,
  DraftAnswer,
  EditorData,
  SaveResult,
  VersionChoice,
  VersionEntry,
} from "./types.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

interface AdminPlatform {
  get<T>(path: string, options: { auth: true }): Promise<T>;
  request<T>(
    path: string,
    options: {
      method: "POST";
      body?: unknown;
      auth: true;
      headers?: Record<string, string>;
    },
  ): Promise<T>;
}

interface Document {
  target: AdminTarget;
  key: string | null;
}

function choiceOf(raw: string | null, versions: VersionEntry[]): VersionChoice | null {
  if (raw === "draft") return "draft";
  const version = Number(raw);
  return versions.some((v) => v.version === version) ? version : null;
}

/**
 * The history half of the editor: the versions, what the saved draft changes against the live
 * version, two versions compared when the URL names them, and what the last publish did.
 */
export async function loadHistory(
  platform: AdminPlatform,
  doc: Document,
  answer: DraftAnswer,
  url: URL,
): Promise<Pick<EditorData, "versions" | "changes" | "compare" | "done">> {
  const versions = answer.published
    ? (
        await platform.get<{ versions: VersionEntry[] }>(
          documentActionPath("versions", doc.target, doc.key),
          { auth: true },
        )
      ).versions.map(({ version, publishedAt, by, note, restoredFrom }) => ({
        version,
        publishedAt,
        by,
        note,
        restoredFrom,
      }))
    : [];
  const changes = answer.draft
    ? documentChanges(answer.published?.document ?? null, answer.draft.document)
    : null;
  const documentOf = async (choice: VersionChoice) => {
    if (choice === "draft") return answer.draft?.document ?? null;
    if (choice === answer.published?.version) return answer.published.document;
    const found = await platform.get<{ document: Record<string, unknown> }>(
      versionPath("version", doc.target, choice, doc.key),
      { auth: true },
    );
    return found.document;
  };
  let compare: Comparison | null = null;
  const from = choiceOf(url.searchParams.get("from"), versions);
  const to = choiceOf(url.searchParams.get("to"), versions);
  if (from !== null && to !== null) {
    const [before, after] = await Promise.all([documentOf(from), documentOf(to)]);
    if (before && after) {
      compare = {
        from,
        to,
        changes: documentChanges(before, after),
        lines: lineDiff(documentText(before), documentText(after)),
      };
    }
  }
  const doneAction = url.searchParams.get("done");
  const doneVersion = Number(url.searchParams.get("version"));
  const done: EditorData["done"] =
    (doneAction === "published" || doneAction === "restored") &&
    Number.isInteger(doneVersion) &&
    doneVersion > 0
      ? { action: doneAction, version: doneVersion }
      : null;
  return { versions, changes, compare, done };
}

function refused(error: SaveResult & { outcome: "refused" }, status: number): Response {
  return data(error, { status, headers: NO_STORE }) as unknown as Response;
}

function backTo(editorPath: string, done: "published" | "restored", version: number): Response {
  return redirect(safeRedirectPath(`${editorPath}?done=${done}&version=${version}`), {
    status: 303,
    headers: NO_STORE,
  });
}

/** `intent=publish`: the saved draft goes live with the admin's note (required). */
export async function publishDraft(
  platform: AdminPlatform,
  doc: Document,
  form: FormData,
  editorPath: string,
): Promise<Response> {
  const note = String(form.get("note") ?? "").trim();
  if (!note)
    return refused({ outcome: "refused", error: "workbenchNoteRequired", issues: [] }, 400);
  if (note.length > PUBLISH_NOTE_MAX) {
    return refused({ outcome: "refused", error: "workbenchNoteTooLong", issues: [] }, 400);
  }
  try {
    const published = await platform.request<{ version: number }>(
      documentActionPath("publish", doc.target, doc.key),
      { method: "POST", body: { note }, auth: true },
    );
    return backTo(editorPath, "published", published.version);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 404) {
      return refused({ outcome: "refused", error: "workbenchNothingToPublish", issues: [] }, 409);
    }
    if (error.status === 422) {
      const issues = (error.details?.issues ?? []) as DocumentIssue[];
      return refused({ outcome: "refused", error: "workbenchPublishInvalid", issues }, 422);
    }
    throw error;
  }
}

/** `intent=restore`: an earlier version becomes the draft (over the revision shown), not live. */
export async function restoreIntoDraft(
  platform: AdminPlatform,
  doc: Document,
  form: FormData,
  editorPath: string,
): Promise<Response> {
  const version = Number(form.get("version"));
  const revision = String(form.get("revision") ?? "");
  if (!Number.isInteger(version) || version < 1 || !/^\d{1,9}$/.test(revision)) {
    return refused({ outcome: "refused", error: "workbenchVersionMissing", issues: [] }, 400);
  }
  try {
    await platform.request(versionPath("restore-draft", doc.target, version, doc.key), {
      method: "POST",
      auth: true,
      headers: { "If-Match": `"${revision}"` },
    });
    return backTo(editorPath, "restored", version);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 412) {
      return refused({ outcome: "refused", error: "draftConflict", issues: [] }, 412);
    }
    if (error.status === 404) {
      return refused({ outcome: "refused", error: "workbenchVersionMissing", issues: [] }, 404);
    }
    if (error.status === 422) {
      const issues = (error.details?.issues ?? []) as DocumentIssue[];
      return refused({ outcome: "refused", error: "workbenchPublishInvalid", issues }, 422);
    }
    throw error;
  }
}
