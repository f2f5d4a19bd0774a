import { createMiddleware } from "hono/factory";
import { HEADERS } from "../../contract/headers.ts";
import { ApiError } from "./errors.ts";
import type { PlatformEnv } from "./context.ts";
import { findRealm, isValidApiKey, negotiateLocale } from "./realms.ts";
import { readVpnVerdict, vpnStatus } from "./vpn.ts";

/**
 * Every realm-scoped call names its realm and carries that realm's API key and an app
 * identifier; missing or wrong ones get a JSON error naming the header, never a crash.
 */
export const requireClient = createMiddleware<PlatformEnv>(async (c, next) => {
  const realmName = c.req.header(HEADERS.realm);
  if (!realmName) {
    throw new ApiError(400, "MISSING_REALM", `The ${HEADERS.realm} header is required`);
  }
  const key = c.req.header(HEADERS.apiKey);
  if (!key) {
    throw new ApiError(401, "MISSING_API_KEY", `The ${HEADERS.apiKey} header is required`);
  }
  if (!c.req.header(HEADERS.app)) {
    throw new ApiError(400, "MISSING_APP", `The ${HEADERS.app} header is required`);
  }
  const { db } = c.get("store");
  const realm = await findRealm(db, realmName.toLowerCase());
  if (!realm) throw new ApiError(404, "REALM_NOT_FOUND", `Realm '${realmName}' does not exist`);
  if (!(await isValidApiKey(db, realm.name, key))) {
    throw new ApiError(
      401,
      "INVALID_API_KEY",
      `The API key is not valid for realm '${realm.name}'`,
    );
  }
  c.set("realm", realm);
  c.set("deviceId", c.req.header(HEADERS.deviceId));
  c.set("locale", negotiateLocale(c.req.header("Accept-Language"), realm));
  const vpnHeader = c.get("vpnHeader");
  const vpn = vpnHeader
    ? vpnStatus(readVpnVerdict(vpnHeader, c.req.header(vpnHeader)), realm.settings)
    : undefined;
  await next();
  // On every answer, errors included: the client shows the notice whatever it asked for.
  if (vpn) c.header(HEADERS.vpnStatus, vpn);
});

/** Bodies are JSON only: anything else is refused before a handler reads it. */
export const requireJsonBody = createMiddleware<PlatformEnv>(async (c, next) => {
  refuseNonJson(c.req.raw);
  await next();
});

/** A 415 for a request whose body is anything but JSON. */
export function refuseNonJson(request: Request) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") return;
  const type = request.headers.get("Content-Type") ?? "";
  const hasBody = request.body !== null && request.headers.get("Content-Length") !== "0";
  if (hasBody && !/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Request bodies must be application/json");
  }
}

const parsedBodies = new WeakMap<Request, Promise<unknown>>();

/**
 * Parses a JSON body, turning malformed JSON into a 400 instead of an exception. The body is
 * read and parsed once per request, however many ask: the body check, then the handler.
 */
export function readJson(request: Request): Promise<unknown> {
  let parsed = parsedBodies.get(request);
  if (!parsed) {
    parsed = request.text().then(parseJsonBody);
    parsedBodies.set(request, parsed);
  }
  return parsed;
}

/**
 * An empty body is `{}`; malformed JSON is a 400 naming the problem, and so is a NUL character
 * in any text of it (no stored text may hold one).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  let nul = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) nul = true;
      return value;
    });
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "The request body is not valid JSON");
  }
  if (nul)
    throw new ApiError(400, "INVALID_BODY", "Texts in the body must not hold NUL characters");
  return parsed;
}
