import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import { Hono } from "hono";
import { decodeJwt } from "jose";
import { consumeOneTimeToken, issueOneTimeToken } from "../identity/one-time-tokens.ts";
import { accountClaims, startSession } from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { mainProfile } from "../identity/profiles.ts";
import { containsPattern, idParam, readPage, resultSet } from "./pagination.ts";

/**
 * Impersonation (spec section 6: admin-initiated via a token) and the user list admins start
 * it from. The `/admin/*` guard of platform/api/admin.ts asks for an ADMIN token, except on
 * `GET /admin/user/impersonate`, where the single-use token is the authority.
 */
export const impersonation = new Hono<PlatformEnv>();

/** Long enough to follow a link, short enough that a leaked one is likely dead. */
export const IMPERSONATION_TOKEN_TTL_SECONDS = 120;

/** Statuses of accounts that can hold a session, and so be impersonated. */
const SIGNABLE = new Set(["ACTIVE", "PENDING_CONFIRMATION"]);

/** `GET /admin/users?q=&p=&rpp=`: the realm's accounts, by email, filtered by email or name. */
impersonation.get("/users", async (c) => {
  const page = readPage((name) => c.req.query(name), 20, 100);
  const q = (c.req.query("q") ?? "").trim().slice(0, 100);
  const { db } = c.get("store");
  const pattern = containsPattern(q);
  const where = and(
    eq(t.users.realm, c.get("realm").name),
    q ? or(ilike(t.users.email, pattern), ilike(t.users.fullName, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.users.id,
        email: t.users.email,
        fullName: t.users.fullName,
        role: t.users.role,
        status: t.users.status,
      })
      .from(t.users)
      .where(where)
      .orderBy(asc(t.users.email))
      .limit(page.rpp)
      .offset(page.offset),
    db.select({ n: count() }).from(t.users).where(where),
  ]);
  return c.json(resultSet(rows, total?.n ?? 0, page));
});

/**
 * `POST /admin/user/{id}/impersonation`: a single-use token to act as that account. Other
 * admins cannot be impersonated: acting as one would hand an admin another admin's authority.
 */
impersonation.post("/user/:id/impersonation", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const [target] = await db
    .select()
    .from(t.users)
    .where(and(eq(t.users.id, idParam(c.req.param("id"))), eq(t.users.realm, realm)));
  if (!target) throw notFound("The account");
  if (target.role === "ADMIN") {
    throw new ApiError(403, "FORBIDDEN", "Administrators cannot be impersonated");
  }
  if (!SIGNABLE.has(target.status)) {
    throw new ApiError(409, "ACCOUNT_INACTIVE", "This account cannot be signed in to");
  }
  const token = await issueOneTimeToken(db, "impersonation", {
    realm,
    userId: target.id,
    data: { adminId: Number(c.get("viewer")!.sub) },
    ttlSeconds: IMPERSONATION_TOKEN_TTL_SECONDS,
  });
  return c.json({ token, expiresIn: IMPERSONATION_TOKEN_TTL_SECONDS }, 201);
});

/**
 * `GET /admin/user/impersonate?token=` (no auth): the account's session, marked with the
 * admin's id (`imp`) on every token of its family, so it can be told apart and ended.
 */
impersonation.get("/user/impersonate", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const used = await consumeOneTimeToken(db, "impersonation", realm, c.req.query("token") ?? "");
  const adminId = Number(used?.data.adminId);
  if (!used?.userId || !Number.isInteger(adminId)) {
    throw badRequest("INVALID_IMPERSONATION_TOKEN", "This impersonation link is not valid");
  }
  const [[user], [admin]] = await Promise.all([
    db.select().from(t.users).where(eq(t.users.id, used.userId)),
    db.select().from(t.users).where(eq(t.users.id, adminId)),
  ]);
  // Both are checked again: either may have changed since the token was made.
  if (!user || !SIGNABLE.has(user.status) || admin?.role !== "ADMIN" || admin.realm !== realm) {
    throw badRequest("INVALID_IMPERSONATION_TOKEN", "This impersonation link is not valid");
  }
  const profile = await mainProfile(db, user.id);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userAgent: c.req.header("User-Agent") ?? null,
    userId: user.id,
    profileId: profile?.id ?? null,
    impersonatorId: admin.id,
  });
  return c.json({ ...session, exp: decodeJwt(session.authorisationToken).exp });
});
