import type { Context, MiddlewareHandler } from "hono";
import { MAX_FILE_BYTES } from "../platform/realm-config/read-files.ts";
import { readUpTo } from "../platform/api/bounded-read.ts";
import { CLIENT_ERROR_BATCH_BYTES } from "../contract/error-tracing.ts";

/** The largest request bodies the server reads, in bytes. */
export const BODY_LIMITS = {
  /** Forms and JSON: a sign-in, a profile or a heartbeat is a few hundred bytes. */
  standard: 64 * 1024,
  /** Admin config documents (drafts, validation): as large as a config file may be. */
  configDocument: MAX_FILE_BYTES,
  /** A batch of browser error reports (spec section 9: reports are cut to 102,400 bytes). */
  clientErrors: CLIENT_ERROR_BATCH_BYTES,
  /** The content workbench's forms: a config document, form-encoded (up to 3 bytes a byte). */
  workbenchForm: 3 * MAX_FILE_BYTES,
  /** An analytics batch: 50 events of a few hundred bytes each, from the browser or its web tier. */
  analyticsBatch: 32 * 1024,
} as const;

/** Admin endpoints that take a whole config document as their body. */
const CONFIG_DOCUMENT_PATH = /^\/api\/v2\/admin\/(drafts|validate)(\/|$)/;

/** Where browsers send error reports: the platform's endpoint and each realm's web route. */
const CLIENT_ERRORS_PATH = /(^|\/)client-errors$/;

/** The content workbench's pages, with or without the `/realm/{name}` prefix. */
export const WORKBENCH_PATH = /^(\/realm\/[^/]+)?\/admin\/content(\/|\.data$|$)/;

/** The platform's ingest, and the web app's route (`/analytics` below a realm) that feeds it. */
const ANALYTICS_PATH = /^\/api\/v2\/analytics\/events$|(^|\/)analytics$/;

export function bodyLimitFor(path: string): number {
  if (CONFIG_DOCUMENT_PATH.test(path)) return BODY_LIMITS.configDocument;
  if (CLIENT_ERRORS_PATH.test(path)) return BODY_LIMITS.clientErrors;
  if (ANALYTICS_PATH.test(path)) return BODY_LIMITS.analyticsBatch;
  return WORKBENCH_PATH.test(path) ? BODY_LIMITS.workbenchForm : BODY_LIMITS.standard;
}

/**
 * Every request body is read here, before any handler, and refused past its limit while it
 * streams in: a declared length over the limit is refused unread, a chunked body as soon as it
 * passes the limit. What a handler then reads is at most the limit, already in memory.
 */
export function limitBodies(
  tooLarge: (c: Context, limit: number) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = bodyLimitFor(c.req.path);
    const reader = body.getReader();
    const declared = Number(c.req.header("Content-Length") ?? 0);
    let bytes: Uint8Array<ArrayBuffer> | null;
    try {
      bytes = declared > limit ? null : await readUpTo(reader, limit);
    } catch {
      // The client broke off its body: nobody is left to read an answer.
      return c.body(null, 400);
    }
    if (!bytes) {
      void discardRest(reader);
      return tooLarge(c, limit);
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  };
}

/** How much more of a refused body is read, and dropped, before the connection is. */
export const DISCARDED_AT_MOST = 16 * 1024 * 1024;

/**
 * Closing a connection the client is still writing to resets it, and a reset can wipe the 413
 * before the client reads it. So what still comes is read and dropped, for a while: a client
 * stops once it has the answer; one that goes on past DISCARDED_AT_MOST loses the connection.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let left = DISCARDED_AT_MOST;
  try {
    while (left > 0) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing is left to drop.
  }
}
