import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/**
 * A secret from the environment when given, else the one stored under `name`, created on first
 * use. Every process sharing the store then agrees on it, and a restart keeps sessions valid.
 */
export async function resolveSecret(
  db: Db,
  name: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  // Two processes starting together both try; the first insert wins and both read it back.
  await db
    .insert(t.secrets)
    .values({ name, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: t.secrets.value })
    .from(t.secrets)
    .where(eq(t.secrets.name, name));
  return row!.value;
}
