import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  ADMIN_TARGETS,
  documentOf,
  isAdminTarget,
  TargetError,
  type AdminTarget,
} from "../../schemas/document-kinds.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { pageParam, requireAdmin } from "../admin/admin.server.ts";
import { readForm } from "../realm/form-body.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { documentPath, filterDocuments, readFilter, targetHasKey } from "./documents.ts";
import type { DocumentIssue, DraftAnswer, EditorData, SaveResult } from "./types.ts";
import { loadHistory, publishDraft, restoreIntoDraft } from "./history.server.ts";
import { documentText } from "./outline.ts";
import { blockPalette } from "./palette.server.ts";
import { bundledSchema, DOCUMENT_SCHEMA, type JsonSchema } from "../../schemas/editor-schema.ts";
import type { SchemaName } from "../../schemas/index.ts";

const editorSchemas = new Map<SchemaName, JsonSchema>();

/** The schema a document is validated against, bundled once per process for the editor. */
function editorSchema(target: AdminTarget, key: string | null): JsonSchema {
  const name = DOCUMENT_SCHEMA[documentOf(target, key ?? undefined).kind];
  let schema = editorSchemas.get(name);
  if (!schema) editorSchemas.set(name, (schema = bundledSchema(name)));
  return schema;
}

const NO_STORE = { "Cache-Control": "private, no-store" };

function adminPlatform(args: LoaderFunctionArgs, found: RealmRequest) {
  return platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
}

/** A platform refusal of the admin's token is the workbench's 403, as for everyone else. */
function refusedAsForbidden(error: unknown): never {
  if (error instanceof PlatformError && (error.status === 401 || error.status === 403)) {
    throw data(null, { status: 403, headers: NO_STORE });
  }
  throw error;
}

/** `/admin/content?q=&target=&status=`: every document of the realm with its status. */
export async function workbenchListLoader(args: LoaderFunctionArgs) {
  const found = await requireAdmin(args);
  const filter = readFilter(new URL(args.request.url));
  const list = await adminPlatform(args, found).call("adminDocuments").catch(refusedAsForbidden);
  return data(
    { filter, total: list.documents.length, documents: filterDocuments(list.documents, filter) },
    { headers: NO_STORE },
  );
}

/** A blank document of a kind an admin can create: a page or a section with an empty zone. */
function blankDocument(target: "page" | "section", key: string, title: string) {
  return {
    ...(target === "page" ? { key } : { name: key }),
    title,
    layout: "default",
    zones: { main: [] },
  };
}

/**
 * `POST /admin/content` (`intent=new`, `target`, `key`, `title`, `template`): a new page or
 * section's first draft, blank or copied from an existing one's latest text, then its editor.
 */
export async function workbenchListAction(args: ActionFunctionArgs) {
  const found = await requireAdmin(args);
  const form = await readForm(args.request);
  const target = String(form.get("target") ?? "");
  const key = String(form.get("key") ?? "").trim();
  const title = String(form.get("title") ?? "").trim() || key;
  const template = String(form.get("template") ?? "");
  if (target !== "page" && target !== "section") {
    return data({ error: "workbenchNewKindInvalid", key }, { status: 400, headers: NO_STORE });
  }
  try {
    documentOf(target, key);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    return data({ error: "workbenchNewKeyInvalid", key }, { status: 400, headers: NO_STORE });
  }
  const platform = adminPlatform(args, found);
  const existing = await platform
    .get<DraftAnswer>(documentPath(target, key), { auth: true })
    .catch((error: unknown) => {
      if (error instanceof PlatformError && error.status === 404) return null;
      return refusedAsForbidden(error);
    });
  if (existing) {
    return data({ error: "workbenchNewKeyTaken", key }, { status: 409, headers: NO_STORE });
  }
  let document: Record<string, unknown> = blankDocument(target, key, title);
  const [fromTarget, ...fromKey] = template.split("/");
  if (
    fromTarget &&
    isAdminTarget(fromTarget) &&
    (fromTarget === "page" || fromTarget === "section")
  ) {
    const source = await platform
      .get<DraftAnswer>(documentPath(fromTarget, fromKey.join("/")), { auth: true })
      .catch(refusedAsForbidden);
    const { key: _key, name: _name, ...copied } = (source.draft ?? source.published)!.document;
    document = { ...copied, ...(target === "page" ? { key } : { name: key }), title };
  }
  await platform
    .put(documentPath(target, key), document, { auth: true, headers: { "If-Match": '"0"' } })
    .catch(refusedAsForbidden);
  const to = routeHref(found.basePath, {
    name: "workbenchEditor",
    params: { target, "*": key },
  });
  return redirect(safeRedirectPath(to), { status: 303, headers: NO_STORE });
}

/** The document an editor URL names, or a 404. */
function editorAddress(args: LoaderFunctionArgs): { target: AdminTarget; key: string | null } {
  const target = args.params.target ?? "";
  const key = args.params["*"] || null;
  if (!isAdminTarget(target)) throw data(null, { status: 404, headers: NO_STORE });
  if (targetHasKey(target) !== (key !== null) && target !== "navbar") {
    throw data(null, { status: 404, headers: NO_STORE });
  }
  try {
    documentOf(target, key ?? undefined);
  } catch (error) {
    if (error instanceof TargetError) throw data(null, { status: 404, headers: NO_STORE });
    throw error;
  }
  return { target, key };
}

/** `/admin/content/{target}/{key}`: a document's text to edit, its status and its problems. */
export async function workbenchEditorLoader(args: LoaderFunctionArgs) {
  const found = await requireAdmin(args);
  const { target, key } = editorAddress(args);
  let revision = 0;
  const answer = await adminPlatform(args, found)
    .get<DraftAnswer>(documentPath(target, key), {
      auth: true,
      onHeaders: (headers) => {
        revision = Number(/^"(\d+)"$/.exec(headers.get("ETag") ?? "")?.[1] ?? 0);
      },
    })
    .catch((error: unknown) => {
      if (error instanceof PlatformError && error.status === 404) {
        throw data(null, { status: 404, headers: NO_STORE });
      }
      return refusedAsForbidden(error);
    });
  const shown = (answer.draft ?? answer.published)!;
  const history = await loadHistory(
    adminPlatform(args, found),
    { target, key },
    answer,
    new URL(args.request.url),
  ).catch(refusedAsForbidden);
  const editor: EditorData = {
    ...history,
    target,
    key,
    text: documentText(shown.document),
    revision,
    draft: answer.draft
      ? { updatedAt: answer.draft.updatedAt, baseVersion: answer.draft.baseVersion }
      : null,
    published: answer.published
      ? { version: answer.published.version, publishedAt: answer.published.publishedAt }
      : null,
    issues: answer.issues,
    palette: "zones" in shown.document ? blockPalette() : [],
    schema: editorSchema(target, key),
    previewHref: routeHref(found.basePath, {
      name: "preview",
      params: { target, "*": key ?? "" },
    }),
  };
  return data(editor, { headers: NO_STORE });
}

/**
 * `POST /admin/content/{target}/{key}` (`text`, `revision`): saves the text as the draft, only
 * over the revision the editor started from. The text is never lost: a refusal answers it back
 * with the problems (placed in it as `npm run validate` places them), or, when someone else
 * saved in between, with their version beside it to merge.
 */
export async function workbenchEditorAction(args: ActionFunctionArgs): Promise<Response> {
  const found = await requireAdmin(args);
  const { target, key } = editorAddress(args);
  const form = await readForm(args.request);
  const platform = adminPlatform(args, found);
  const editorPath = new URL(args.request.url).pathname;
  const intent = form.get("intent");
  if (intent === "publish") {
    return publishDraft(platform, { target, key }, form, editorPath).catch(refusedAsForbidden);
  }
  if (intent === "restore") {
    return restoreIntoDraft(platform, { target, key }, form, editorPath).catch(refusedAsForbidden);
  }
  const text = String(form.get("text") ?? "");
  const revision = String(form.get("revision") ?? "");
  const answer = (result: SaveResult, status = 200) =>
    data(result, { status, headers: NO_STORE }) as unknown as Response;
  if (!/^\d{1,9}$/.test(revision)) return answer({ outcome: "invalid", text, issues: [] }, 400);
  try {
    let saved = 0;
    await platform.request(documentPath(target, key), {
      method: "PUT",
      rawBody: text,
      auth: true,
      headers: { "If-Match": `"${revision}"` },
      onHeaders: (headers) => {
        saved = Number(/^"(\d+)"$/.exec(headers.get("ETag") ?? "")?.[1] ?? 0);
      },
    });
    return answer({ outcome: "saved", text, revision: saved, issues: [] });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 422) {
      const issues = (error.details?.issues ?? []) as DocumentIssue[];
      return answer({ outcome: "invalid", text, issues }, 422);
    }
    if (error.status === 400 && error.code === "MALFORMED_JSON") {
      // Unreadable JSON comes back placed (line and column of the syntax error).
      const issues = (error.details?.issues ?? []) as DocumentIssue[];
      return answer({ outcome: "invalid", text, issues }, 422);
    }
    if (error.status === 412 && error.code === "DRAFT_CONFLICT") {
      const theirs = error.details?.draft as
        | { revision: number; document: Record<string, unknown>; updatedAt: string }
        | null
        | undefined;
      return answer(
        {
          outcome: "conflict",
          text,
          issues: [],
          theirs: theirs
            ? {
                revision: theirs.revision,
                text: documentText(theirs.document),
                updatedAt: theirs.updatedAt,
              }
            : { revision: 0, text: "", updatedAt: null },
        },
        412,
      );
    }
    return refusedAsForbidden(error);
  }
}

/** `/admin/audit?p=`: the realm's publishes and restores, newest first. */
export async function workbenchAuditLoader(args: LoaderFunctionArgs) {
  const found = await requireAdmin(args);
  const log = await adminPlatform(args, found)
    .call("contentAudit", { query: { page: pageParam(new URL(args.request.url)) } })
    .catch(refusedAsForbidden);
  return data({ log }, { headers: NO_STORE });
}

export { ADMIN_TARGETS };
