import { Hono, type Context } from "hono";
import { readUpTo } from "./bounded-read.ts";
import { every } from "hono/combine";
import { validateDocumentSource } from "../realm-config/document-source.ts";
import { MAX_FILE_BYTES } from "../realm-config/read-files.ts";
import { isError } from "../realm-config/issues.ts";
import { validateRealmFolder } from "../realm-config/realm-folder.ts";
import { validateSource } from "../realm-config/validate-source.ts";
import type { RealmFolderCheck } from "../../contract/generated/realm-folder-check.ts";
import { deleteDraft, findDraft, saveDraft, type Draft } from "../documents/drafts.ts";
import { emailsOf, listDocuments } from "../documents/listing.ts";
import {
  ADMIN_TARGETS,
  documentOf,
  isAdminTarget,
  TargetError,
  validateDocument,
  type DocumentRef,
} from "../../schemas/document-kinds.ts";
import {
  findVersion,
  latestVersion,
  listVersions,
  publishVersion,
  type PublishedVersion,
} from "../documents/versions.ts";
import type { Db } from "../store/store.ts";
import type { RefundRequest } from "../../contract/generated/order.ts";
import type { PublishRequest } from "../../contract/generated/content-history.ts";
import { contentAudit } from "../documents/audit.ts";
import { refundOrder, RefundRefused } from "../commerce/refunds.ts";
import { accountOf } from "./account.ts";
import { authenticate, requireRole } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { parseJsonBody, readJson, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { containsPattern, MAX_ID, readPage, resultSet, storedNumber } from "./pagination.ts";
import { and, count, desc, eq, ilike, inArray, or } from "drizzle-orm";
import * as t from "../store/schema.ts";
import { orderView } from "../commerce/orders.ts";

/**
 * Admin endpoints (after `requireClient`): drafts, publishing and versions of pages, sections,
 * menus and promos, and config validation. Every one needs an ADMIN token of the realm.
 */
export const admin = new Hono<PlatformEnv>();
admin.use("/*", async (c, next) => {
  // The one admin path without a token: its single-use impersonation token is the authority.
  if (c.req.method === "GET" && c.req.path.endsWith("/admin/user/impersonate")) return next();
  return every(authenticate, requireRole("ADMIN"), requireJsonBody)(c, next);
});

/**
 * `POST /admin/validate`: the body is a config file as an editor has it; the report is what
 * `npm run validate` prints for it, with line and column in that body. `?path=` names the file
 * (its kind is told from `"$schema"`, else from this path, e.g. `pages/home.json`). With
 * `?target=&key=` instead, the body is that document as its draft would be saved.
 */
admin.post("/validate", async (c) => {
  const text = await readCapped(c.req.raw);
  const target = c.req.query("target");
  if (target !== undefined) {
    // A document as the workbench edits it: checked exactly as saving its draft checks it.
    if (!isAdminTarget(target))
      throw badRequest("INVALID_ID", `'${target.slice(0, 40)}' is not a document type`);
    let ref: DocumentRef;
    try {
      ref = documentOf(target, c.req.query("key"));
    } catch (error) {
      if (error instanceof TargetError) throw badRequest("INVALID_ID", error.message);
      throw error;
    }
    const issues = validateDocumentSource(ref, text);
    return c.json({ valid: issues.length === 0, schema: null, issues });
  }
  const report = validateSource(c.req.query("path") ?? "", text);
  return c.json({
    valid: report.issues.length === 0,
    schema: report.schema ?? null,
    issues: report.issues.map(({ file: _file, ...issue }) => issue),
  });
});

/**
 * `POST /admin/validate/realm`: the body is a whole realm folder (`{folder?, files}`, each file's
 * text by its path inside the folder); the report is what `npm run validate` and `npm run db:seed`
 * print for that folder, cross references included.
 */
admin.post("/validate/realm", async (c) => {
  // Its shape was checked against the endpoint's schema before this handler (validate-body.ts).
  const body = (await readJson(c.req.raw)) as RealmFolderCheck;
  const files = new Map(Object.entries(body.files) as [string, string][]);
  const report = validateRealmFolder({ name: body.folder ?? c.get("realm").name, files });
  return c.json({ valid: !report.issues.some(isError), issues: report.issues });
});

/** `GET /admin/documents`: every document of the realm with its live version and draft. */
admin.get("/documents", async (c) => {
  const list = await listDocuments(c.get("store").db, c.get("realm").name);
  c.header("Cache-Control", "no-store");
  return c.json(list);
});

admin.get("/drafts/:target/:key?", async (c) => {
  const { ref, db, realm } = scope(c);
  const [draft, published] = await Promise.all([
    findDraft(db, realm, ref),
    latestVersion(db, realm, ref),
  ]);
  if (!draft && !published) throw notFound(`${c.req.param("target")} '${ref.key}'`);
  c.header("ETag", draftTag(draft));
  c.header("Cache-Control", "no-store");
  // Documents are re-checked on every read: a schema may have moved on since they were saved.
  return c.json({
    ...describe(c, ref),
    draft: draft ? draftJson(draft) : null,
    published: published ? versionJson(published, true) : null,
    issues: validateDocument(ref, (draft ?? published)!.document),
  });
});

admin.put("/drafts/:target/:key?", async (c) => {
  const { ref } = scope(c);
  const text = await readCapped(c.req.raw);
  const issues = validateDocumentSource(ref, text);
  let document: unknown;
  try {
    document = parseJsonBody(text);
  } catch (error) {
    // Unreadable JSON says where, as `npm run validate` would, so an editor can point at it.
    if (error instanceof ApiError && error.code === "MALFORMED_JSON") {
      throw new ApiError(400, "MALFORMED_JSON", error.message, { issues });
    }
    throw error;
  }
  refuseInvalid(ref, issues);
  const { $schema: _schema, ...stored } = document as Record<string, unknown>;
  return saveDraftAnswer(c, stored);
});

/**
 * Saves `document` as the draft of the document the URL names, over the revision `If-Match`
 * names when it names one, and answers the draft; `restoredFrom` marks a restored version.
 */
async function saveDraftAnswer(
  c: Context<PlatformEnv>,
  document: Record<string, unknown>,
  restoredFrom?: number,
) {
  const { ref, db, realm, userId } = scope(c);
  const published = await latestVersion(db, realm, ref);
  const ifMatch = c.req.header("If-Match");
  const draft = await saveDraft(db, realm, ref, document, {
    updatedBy: userId,
    baseVersion: published?.version ?? null,
    expectedRevision: ifMatch === undefined ? undefined : revisionOf(ifMatch),
    restoredFrom,
  });
  if (!draft) {
    // Someone saved since this editor read the draft: both versions go back to be merged.
    const current = await findDraft(db, realm, ref);
    c.header("ETag", draftTag(current));
    throw new ApiError(
      412,
      "DRAFT_CONFLICT",
      `The draft of ${describeRef(c, ref)} was saved by someone else since it was read`,
      { draft: current ? draftJson(current) : null },
    );
  }
  c.header("ETag", draftTag(draft));
  return c.json({ ...describe(c, ref), draft: draftJson(draft), issues: [] });
}

admin.delete("/drafts/:target/:key?", async (c) => {
  const { ref, db, realm } = scope(c);
  if (!(await deleteDraft(db, realm, ref))) throw notFound(`A draft of ${describeRef(c, ref)}`);
  return c.body(null, 204);
});

/**
 * Publishing turns the draft into the next version, with the publisher's note (`{note}`, checked
 * against the contract), and removes the draft, in one transaction. A draft restored from an
 * earlier version publishes as a restore of it.
 */
admin.post("/publish/:target/:key?", async (c) => {
  const { ref, db, realm, userId } = scope(c);
  const { note } = await readObject<PublishRequest>(c.req.raw);
  const version = await db.transaction(async (tx) => {
    const store = tx as unknown as Db;
    const draft = await findDraft(store, realm, ref);
    if (!draft) throw notFound(`A draft of ${describeRef(c, ref)}`);
    refuseInvalid(ref, validateDocument(ref, draft.document));
    const published = await publishVersion(store, realm, ref, draft.document, {
      publishedBy: userId,
      restoredFrom: draft.restoredFrom,
      note: note.trim(),
    });
    await deleteDraft(store, realm, ref);
    return published;
  });
  await announcePublished(c, realm);
  return c.json({ ...describe(c, ref), version }, 201);
});

admin.get("/versions/:target/:key?", async (c) => {
  const { ref, db, realm } = scope(c);
  const versions = await listVersions(db, realm, ref);
  if (versions.length === 0) throw notFound(`A published ${describeRef(c, ref)}`);
  const ids = [
    ...new Set(versions.flatMap((v) => (v.publishedBy === null ? [] : [v.publishedBy]))),
  ];
  const emails = await emailsOf(db, realm, ids);
  c.header("Cache-Control", "no-store");
  return c.json({
    ...describe(c, ref),
    versions: versions.map((v) => ({
      ...versionJson(v, false),
      by: v.publishedBy === null ? null : (emails.get(v.publishedBy) ?? `#${v.publishedBy}`),
    })),
  });
});

admin.get("/version/:target/:version/:key?", async (c) => {
  const { ref, db, realm } = scope(c);
  const found = await findVersion(db, realm, ref, versionParam(c));
  if (!found) throw notFound(`Version ${c.req.param("version")} of ${describeRef(c, ref)}`);
  return c.json({ ...describe(c, ref), ...versionJson(found, true) });
});

/** Restoring publishes an older version's document again as the newest version. */
admin.post("/restore/:target/:version/:key?", async (c) => {
  const { ref, db, realm, userId } = scope(c);
  const wanted = versionParam(c);
  const version = await db.transaction(async (tx) => {
    const store = tx as unknown as Db;
    const found = await findVersion(store, realm, ref, wanted);
    if (!found) throw notFound(`Version ${wanted} of ${describeRef(c, ref)}`);
    refuseInvalid(ref, validateDocument(ref, found.document));
    return publishVersion(store, realm, ref, found.document, {
      publishedBy: userId,
      restoredFrom: wanted,
    });
  });
  await announcePublished(c, realm);
  return c.json({ ...describe(c, ref), version, restoredFrom: wanted }, 201);
});

/**
 * Restoring into the draft copies an earlier version's document into the draft (over the
 * revision `If-Match` names, when it names one), to be checked in the preview and published
 * with a note like any draft; nothing goes live until then.
 */
admin.post("/restore-draft/:target/:version/:key?", async (c) => {
  const { ref, db, realm } = scope(c);
  const wanted = versionParam(c);
  const found = await findVersion(db, realm, ref, wanted);
  if (!found) throw notFound(`Version ${wanted} of ${describeRef(c, ref)}`);
  refuseInvalid(ref, validateDocument(ref, found.document));
  return saveDraftAnswer(c, found.document, wanted);
});

/** `GET /admin/audit?page=`: the realm's publishes and restores, newest first. */
admin.get("/audit", async (c) => {
  const page = storedNumber(c.req.query("page") ?? "1");
  if (page === null)
    throw badRequest("INVALID_QUERY", `A page is a whole number from 1 to ${MAX_ID}`);
  c.header("Cache-Control", "no-store");
  return c.json(await contentAudit(c.get("store").db, c.get("realm").name, page));
});

/**
 * Every server drops what it cached of the realm's published documents (pages, menus, init),
 * after the commit, so none reads the old version back into its cache. The new version is in
 * the store either way: a transport that is down delays it by the caches' own lifetimes only.
 */
async function announcePublished(c: Context<PlatformEnv>, realm: string): Promise<void> {
  await c
    .get("invalidation")
    .publish({ kind: "published", realm })
    .catch(() => {});
}

function scope(c: Context<PlatformEnv>) {
  const target = c.req.param("target") ?? "";
  if (!isAdminTarget(target)) {
    throw new ApiError(
      404,
      "NOT_FOUND",
      `'${target.slice(0, 40)}' is not a document type (one of ${ADMIN_TARGETS.join(", ")})`,
    );
  }
  let ref: DocumentRef;
  try {
    ref = documentOf(target, c.req.param("key"));
  } catch (error) {
    if (error instanceof TargetError) throw badRequest("INVALID_ID", error.message);
    throw error;
  }
  const sub = Number(c.get("viewer")!.sub);
  return {
    ref,
    db: c.get("store").db,
    realm: c.get("realm").name,
    userId: Number.isSafeInteger(sub) ? sub : null,
  };
}

function describe(c: Context<PlatformEnv>, ref: DocumentRef) {
  return { target: c.req.param("target"), key: ref.key };
}

function describeRef(c: Context<PlatformEnv>, ref: DocumentRef) {
  return `${c.req.param("target")} '${ref.key}'`;
}

function versionParam(c: Context<PlatformEnv>): number {
  const version = storedNumber(c.req.param("version") ?? "");
  if (version === null) {
    throw badRequest("INVALID_ID", `A version is a whole number from 1 to ${MAX_ID}`);
  }
  return version;
}

/** A document that fails validation is refused whole, with every problem found (422). */
function refuseInvalid(ref: DocumentRef, issues: { pointer: string; message: string }[]): void {
  if (issues.length === 0) return;
  throw new ApiError(
    422,
    "INVALID_CONFIG",
    `The ${ref.kind} has ${issues.length} problem${issues.length === 1 ? "" : "s"}: ${issues[0]!.pointer || "/"} ${issues[0]!.message}`,
    { issues },
  );
}

/** A draft's ETag: its revision, `"0"` while there is none. */
function draftTag(draft: Draft | undefined): string {
  return `"${draft?.revision ?? 0}"`;
}

/** The revision an `If-Match` names; -1 (matches nothing) for anything but one of our tags. */
function revisionOf(ifMatch: string): number {
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(ifMatch.trim());
  return match ? Number(match[1]) : -1;
}

function draftJson(draft: Draft) {
  return {
    revision: draft.revision,
    document: draft.document,
    baseVersion: draft.baseVersion,
    updatedBy: draft.updatedBy,
    updatedAt: draft.updatedAt.toISOString(),
    restoredFrom: draft.restoredFrom,
  };
}

function versionJson(
  version: Omit<PublishedVersion, "document"> & { document?: unknown },
  withDocument: boolean,
) {
  return {
    version: version.version,
    publishedAt: version.publishedAt.toISOString(),
    publishedBy: version.publishedBy,
    restoredFrom: version.restoredFrom,
    note: version.note,
    ...(withDocument ? { document: version.document } : {}),
  };
}

/** The body as text, refused with 413 past the config-file cap before it is all read. */
async function readCapped(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const tooLarge = () =>
    new ApiError(413, "PAYLOAD_TOO_LARGE", "Config documents must not be larger than 1 MiB");
  if (declared > MAX_FILE_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const bytes = await readUpTo(reader, MAX_FILE_BYTES);
  if (!bytes) {
    await reader.cancel();
    throw tooLarge();
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("MALFORMED_BODY", "The request body is not UTF-8 text");
  }
}

/** Orders that took or tried to take a payment: a placed one still waiting is not settled. */
const SETTLED_ORDERS = ["COMPLETED", "FAILED"];

/**
 * `GET /admin/orders?q=&p=&rpp=`: the realm's settled orders, newest first, each with its
 * buyer's email and as its buyer sees it (refunds included). `q` is part of the buyer's email
 * or a whole order id.
 */
admin.get("/orders", async (c) => {
  const page = readPage((name) => c.req.query(name), 20, 100);
  const q = (c.req.query("q") ?? "").trim().slice(0, 100);
  const { db } = c.get("store");
  const pattern = containsPattern(q);
  const where = and(
    eq(t.orders.realm, c.get("realm").name),
    inArray(t.orders.status, SETTLED_ORDERS),
    q ? or(ilike(t.users.email, pattern), eq(t.orders.id, q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: t.orders, email: t.users.email })
      .from(t.orders)
      .innerJoin(t.users, eq(t.users.id, t.orders.userId))
      .where(where)
      .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
      .limit(page.rpp)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(t.orders)
      .innerJoin(t.users, eq(t.users.id, t.orders.userId))
      .where(where),
  ]);
  const hits = await Promise.all(
    rows.map(async (row) => ({
      email: row.email,
      createdAt: row.order.createdAt.toISOString(),
      order: await orderView(db, row.order),
    })),
  );
  c.header("Cache-Control", "private, no-store");
  return c.json(resultSet(hits, total?.n ?? 0, page));
});

/**
 * `POST /admin/orders/{orderId}/refunds` `{amount, idempotencyKey}`: gives back (part of) what
 * one of the realm's orders paid, once per key (201 the first time, 200 after); 404 for an
 * order not of this realm, 409 `REFUND_EXCEEDS_PAID` beyond what is left, 409
 * `ORDER_NOT_REFUNDABLE` for an order that took no payment, 422 `REFUND_UNSUPPORTED` for a
 * provider that takes no refunds through the platform.
 */
admin.post("/orders/:orderId/refunds", async (c) => {
  const body = await readObject<RefundRequest>(c.req.raw);
  const adminUser = await accountOf(c);
  try {
    const { refund, created } = await refundOrder(c.get("store").db, {
      realm: c.get("realm").name,
      orderId: c.req.param("orderId"),
      amount: body.amount,
      idempotencyKey: body.idempotencyKey,
      adminId: adminUser.id,
      secret: await c.get("mediaSecret")(),
      now: new Date(),
    });
    c.header("Cache-Control", "no-store");
    return c.json(refund, created ? 201 : 200);
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    if (error.code === "ORDER_NOT_FOUND") throw notFound("Order");
    throw new ApiError(
      error.code === "REFUND_UNSUPPORTED" || error.code === "REFUND_FAILED" ? 422 : 409,
      error.code,
      error.message,
    );
  }
});
