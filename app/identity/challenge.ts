/**
 * The browser's side of the platform's proof-of-work challenge (docs/api.md, "Challenge"):
 * find a value whose SHA-256 with the salt starts with `difficulty` zero bits. Runs on
 * WebCrypto in batches, so the page stays responsive while it works.
 */
export interface Challenge {
  id: string;
  algorithm: "SHA-256";
  salt: string;
  difficulty: number;
}

const BATCH = 256;

function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    signal?.throwIfAborted();
    const values = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(
      values.map((value) =>
        crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + value)),
      ),
    );
    const found = digests.findIndex(
      (digest) => leadingZeroBits(new Uint8Array(digest)) >= challenge.difficulty,
    );
    if (found >= 0) return values[found]!;
  }
}

/** The challenge-input header value: base64url JSON `{id, secrets: [{type, value}]}`. */
export function encodeChallengeInput(id: string, value: string): string {
  const json = JSON.stringify({ id, secrets: [{ type: "CAPTCHA", value }] });
  return btoa(json).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
