import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed media URLs. A grant covers every file under one scope (`/media/{kind}/{id}/`), so the
 * master playlist can hand its signature down to media playlists and segments, and it names the
 * playback session it was issued to. The token is the path segment after the scope
 * (`/media/vod/7/{token}/master.m3u8`): `{expires}.{session}.{mac}`, the MAC an HMAC-SHA256
 * over scope, expiry and session.
 */
export interface MediaGrant {
  scope: string;
  session: string;
  /** Unix time in seconds. */
  expiresAt: number;
}

export type TokenCheck =
  | { ok: true; session: string; expiresAt: number }
  | { ok: false; reason: "missing" | "malformed" | "expired" | "invalid" };

const SESSION = /^[A-Za-z0-9-]{1,64}$/;

function mac(secret: string, grant: MediaGrant): Buffer {
  return createHmac("sha256", secret)
    .update(`${grant.scope}\n${grant.expiresAt}\n${grant.session}`)
    .digest();
}

export function signMediaToken(secret: string, grant: MediaGrant): string {
  if (!SESSION.test(grant.session)) throw new Error("a playback session id has no dots");
  return `${grant.expiresAt}.${grant.session}.${mac(secret, grant).toString("base64url")}`;
}

export function verifyMediaToken(
  secret: string,
  scope: string,
  token: string | undefined,
  nowSeconds: number,
): TokenCheck {
  if (!token) return { ok: false, reason: "missing" };
  const [expires, session, signature, extra] = token.split(".");
  if (extra !== undefined || !expires || !/^\d{1,12}$/.test(expires) || !session || !signature) {
    return { ok: false, reason: "malformed" };
  }
  if (!SESSION.test(session)) return { ok: false, reason: "malformed" };
  const expiresAt = Number(expires);
  const expected = mac(secret, { scope, session, expiresAt });
  const given = Buffer.from(signature, "base64url");
  // Checked before expiry, so a forged token never learns whether its expiry would have passed.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  if (expiresAt <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, session, expiresAt };
}

/** The scope a grant for one video (`vod`) or event (`live`) covers. */
export function mediaScope(kind: "vod" | "live", id: number): string {
  return `/media/${kind}/${id}/`;
}
