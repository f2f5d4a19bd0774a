import type { ConsentField } from "./consent.ts";
import { saveAnswers } from "./consent.ts";
import { issueOneTimeToken } from "./one-time-tokens.ts";
import type { UserRow } from "./sessions.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

export interface NewAccount {
  realm: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  /** Null for an account whose person signs in at an external provider only. */
  passwordHash: string | null;
  /** Realms with `requiresConfirmation`: the account waits for the emailed link. */
  pending: boolean;
  fullName: string | null;
  taxNumber: string | null;
  phoneNumber: string | null;
  birthDate: string | null;
  country: string | null;
  /** The realm partition chosen at sign-up (`partitionData`), in a partitioned realm. */
  partition?: string | null;
  locale: string;
  consents: { field: ConsentField; answer: string }[];
  /** How long the confirmation link of a pending account is good for. */
  confirmationTtlSeconds: number;
}

/**
 * Opens an account: the user, its first (adult) profile, its consent answers and, for a pending
 * account, its confirmation token, all or nothing. A failure part way leaves no account behind
 * that holds the email without a profile or with consents unrecorded. Null when the realm
 * already has an account with this email.
 */
export async function openAccount(
  db: Db,
  account: NewAccount,
): Promise<{ user: UserRow; confirmationToken?: string } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(t.users)
      .values({
        realm: account.realm,
        email: account.email,
        passwordHash: account.passwordHash,
        role: "CUSTOMER",
        status: account.pending ? "PENDING_CONFIRMATION" : "ACTIVE",
        fullName: account.fullName,
        taxNumber: account.taxNumber,
        phoneNumber: account.phoneNumber,
        birthDate: account.birthDate,
        country: account.country,
        locale: account.locale,
        partition: account.partition ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return null;
    await tx.insert(t.profiles).values({
      userId: user.id,
      name: user.fullName?.split(/\s+/)[0] || account.email.split("@")[0]!,
      type: "ADULT",
    });
    await saveAnswers(tx, user.id, account.consents);
    if (!account.pending) return { user };
    const confirmationToken = await issueOneTimeToken(tx, "confirmation", {
      realm: account.realm,
      userId: user.id,
      ttlSeconds: account.confirmationTtlSeconds,
    });
    return { user, confirmationToken };
  });
}
