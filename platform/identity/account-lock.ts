import { eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** A transaction of the store, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Holds the account's row for the rest of the transaction: changes to what the account keeps
 * one of at most (its default address, its default card) then happen one after another.
 */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, userId)).for("update");
}
