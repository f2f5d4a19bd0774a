import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/** Roles of spec section 4; guests carry `gue: true` and no role of their own. */
export type Role = "ADMIN" | "CUSTOMER";

/** The access-token claims the web app reads (spec section 5), plus the realm it is valid for. */
export interface AccessClaims {
  sub: string;
  /** Realm the token was issued in; a token is never valid in another realm. */
  rlm: string;
  rol: Role[];
  gue: boolean;
  loc?: string;
  /** Parental control of the account: RESTRICTED when a PIN guards restricted content. */
  par?: "RESTRICTED" | "NON_RESTRICTED";
  /** The active profile; `type` is the profile type's code (`a` adult, `c` child). */
  pro?: { id: number; type: string };
  /** Account approved: false until a realm that requires confirmation has it confirmed. */
  apr?: boolean;
  /** Pseudonymous advertising id. */
  ads?: { id: string };
  /** Impersonation: the id of the admin acting as this account (absent otherwise). */
  imp?: number;
  /** The realm partition the account is in (partitioned realms): its licences and prices. */
  prt?: string;
  /**
   * The session (refresh-token family) the token was issued in: when it ends (sign-out, a
   * password reset, a stolen refresh token) the token stops working too.
   */
  sid?: string;
  exp: number;
}

export interface TokenIssuer {
  issueAccess(claims: Omit<AccessClaims, "exp">, ttlSeconds?: number): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /**
   * Seals a secret the platform keeps in its store (a signing key): AES-256-GCM under a key
   * derived from the token secret, so a copy of the store alone does not give it away.
   */
  seal(plain: string): string;
  /** The secret `seal` sealed; throws when it was sealed under another secret or altered. */
  unseal(sealed: string): string;
}

/** A token that is malformed, forged, expired or for another audience. */
export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
  constructor(readonly reason: "expired" | "invalid") {
    super(reason === "expired" ? "The access token has expired" : "The access token is not valid");
  }
}

// Short-lived: its lifetime bounds what a stolen one can do until its session is ended.
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "streaming-platform";

/** HS256 access tokens signed with the platform's secret (at least 32 bytes). */
export function createTokenIssuer(secret: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  if (key.length < 32) throw new Error("the token secret must be at least 32 bytes long");
  const sealingKey = Buffer.from(
    hkdfSync("sha256", key, Buffer.alloc(0), "streaming-platform sealed secrets", 32),
  );
  return {
    seal: (plain) => sealWith(sealingKey, plain),
    unseal: (sealed) => unsealWith(sealingKey, sealed),
    async issueAccess(claims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ["HS256"],
        });
        if (
          typeof payload.sub !== "string" ||
          typeof payload.rlm !== "string" ||
          !Array.isArray(payload.rol) ||
          typeof payload.exp !== "number"
        ) {
          throw new InvalidTokenError("invalid");
        }
        return {
          sub: payload.sub,
          rlm: payload.rlm,
          rol: payload.rol.filter((r): r is Role => r === "ADMIN" || r === "CUSTOMER"),
          gue: payload.gue === true,
          loc: typeof payload.loc === "string" ? payload.loc : undefined,
          ...optionalClaims(payload),
          exp: payload.exp,
        };
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        throw new InvalidTokenError(error instanceof errors.JWTExpired ? "expired" : "invalid");
      }
    },
  };
}

function optionalClaims(payload: Record<string, unknown>): Partial<AccessClaims> {
  const claims: Partial<AccessClaims> = {};
  if (payload.par === "RESTRICTED" || payload.par === "NON_RESTRICTED") claims.par = payload.par;
  const pro = payload.pro as { id?: unknown; type?: unknown } | undefined;
  if (typeof pro?.id === "number" && typeof pro.type === "string") {
    claims.pro = { id: pro.id, type: pro.type };
  }
  if (typeof payload.apr === "boolean") claims.apr = payload.apr;
  const ads = payload.ads as { id?: unknown } | undefined;
  if (typeof ads?.id === "string") claims.ads = { id: ads.id };
  if (typeof payload.imp === "number") claims.imp = payload.imp;
  if (typeof payload.sid === "string") claims.sid = payload.sid;
  if (typeof payload.prt === "string") claims.prt = payload.prt;
  return claims;
}

/**
 * The token of an Authorization header: `Bearer {token}`, or the contract's
 * `Mixed {auth} {refresh}` form (spec section 7), whose first part is the access token.
 */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.trim().split(/\s+/);
  if (!token || !/^(Bearer|Mixed)$/i.test(scheme ?? "")) return undefined;
  return token;
}

/** `v1.{iv}.{tag}.{ciphertext}`, each part base64url. */
function sealWith(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"));
  return ["v1", ...parts].join(".");
}

function unsealWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) {
    throw new Error("not a sealed secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
