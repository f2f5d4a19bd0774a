import { createHash, randomBytes } from "node:crypto";

/** A fresh unguessable secret (256 bits), URL-safe: refresh tokens, links sent by email. */
export const newSecret = () => randomBytes(32).toString("base64url");

/** How secrets are stored: a SHA-256 digest, so a copy of the store holds nothing usable. */
export const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");
