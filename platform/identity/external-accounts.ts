import { and, eq } from "drizzle-orm";
import type { ExternalIdentity } from "./external-oidc.ts";
import type { UserRow } from "./sessions.ts";
import { openAccount } from "./sign-up.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Why a person from the external provider has no account here to sign in to. */
export class ExternalAccountRefused extends Error {
  override name = "ExternalAccountRefused";
  constructor(readonly code: "EXTERNAL_EMAIL_MISSING" | "EXTERNAL_EMAIL_UNVERIFIED") {
    super(code);
  }
}

const PROVIDER = "OIDC";

/**
 * The realm's account of a person who signed in at its external provider:
 * - the account already linked to that issuer's subject;
 * - else the account with the provider's e-mail, linked now, only when the provider says it
 *   checked that address (an unchecked one would hand anyone's account to whoever typed it);
 * - else a new account (no password: its holder signs in at the provider), linked.
 */
export async function externalAccount(
  db: Db,
  realm: string,
  identity: ExternalIdentity,
  locale: string,
): Promise<UserRow> {
  const linked = await linkedUser(db, realm, identity);
  if (linked) return linked;
  if (!identity.email) throw new ExternalAccountRefused("EXTERNAL_EMAIL_MISSING");
  const [existing] = await db
    .select()
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, identity.email)));
  if (existing && !identity.emailVerified) {
    throw new ExternalAccountRefused("EXTERNAL_EMAIL_UNVERIFIED");
  }
  const user =
    existing ??
    (
      await openAccount(db, {
        realm,
        email: identity.email,
        passwordHash: null,
        pending: false,
        fullName: identity.name,
        taxNumber: null,
        phoneNumber: null,
        birthDate: null,
        country: null,
        locale,
        consents: [],
        confirmationTtlSeconds: 0,
      })
    )?.user;
  // Null: another sign-in opened the account with this e-mail a moment ago.
  if (!user) return externalAccount(db, realm, identity, locale);
  await db
    .insert(t.linkedProviders)
    .values({
      realm,
      userId: user.id,
      provider: PROVIDER,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
    })
    .onConflictDoNothing();
  // Two first sign-ins of one person at once: both end on the account the link names.
  return (await linkedUser(db, realm, identity)) ?? user;
}

async function linkedUser(db: Db, realm: string, identity: ExternalIdentity) {
  const [row] = await db
    .select({ user: t.users })
    .from(t.linkedProviders)
    .innerJoin(t.users, eq(t.users.id, t.linkedProviders.userId))
    .where(
      and(
        eq(t.linkedProviders.realm, realm),
        eq(t.linkedProviders.provider, PROVIDER),
        eq(t.linkedProviders.issuer, identity.issuer),
        eq(t.linkedProviders.subject, identity.subject),
      ),
    );
  return row?.user;
}
