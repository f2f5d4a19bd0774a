import { and, eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { ConsentField } from "../identity/consent.ts";

/** The demo realms' password for every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = "demo-pass-1";

const DEMO_TAX_NUMBER = "123.456.789-09";

/** The demo realms' licence for the viewer account. */
export const DEMO_LICENCE = "ALL_ACCESS";

interface DemoAccount {
  local: string;
  role: "ADMIN" | "CUSTOMER";
  status: "ACTIVE" | "PENDING_ACTIVATION";
  /** Null for the account that has not given the details a realm requires. */
  fullName: string | null;
  profiles: { name: string; type: "ADULT" | "CHILD" }[];
  licensed: boolean;
  /** Has agreed to every required consent field: else the consent prompt comes first. */
  consented: boolean;
  /** Has a tax number (liga requires one): else liga's missing-information form. */
  detailed: boolean;
  /** An outside sign-in provider linked to the account (the account page's security section). */
  linked?: string;
}

const ACCOUNTS: DemoAccount[] = [
  {
    local: "admin",
    consented: true,
    detailed: true,
    role: "ADMIN",
    status: "ACTIVE",
    fullName: "Alex Admin",
    profiles: [{ name: "Alex", type: "ADULT" }],
    licensed: true,
  },
  {
    local: "viewer",
    consented: true,
    detailed: true,
    role: "CUSTOMER",
    status: "ACTIVE",
    fullName: "Val Viewer",
    linked: "OIDC",
    profiles: [
      { name: "Val", type: "ADULT" },
      { name: "Kid", type: "CHILD" },
    ],
    licensed: true,
  },
  {
    local: "fan",
    consented: false,
    detailed: false,
    role: "CUSTOMER",
    status: "ACTIVE",
    fullName: "Finn Fan",
    profiles: [{ name: "Finn", type: "ADULT" }],
    licensed: false,
  },
  {
    local: "pending",
    consented: true,
    detailed: true,
    role: "CUSTOMER",
    status: "PENDING_ACTIVATION",
    fullName: "Pat Pending",
    profiles: [{ name: "Pat", type: "ADULT" }],
    licensed: true,
  },
  {
    // Agreed to the terms, never asked for details (an account from before the realm needed
    // them): the missing-information form on every realm, and nothing answers it but the viewer.
    local: "newcomer",
    consented: true,
    detailed: false,
    role: "CUSTOMER",
    status: "ACTIVE",
    fullName: null,
    profiles: [{ name: "Noa", type: "ADULT" }],
    licensed: false,
  },
];

/** The activation link id of a demo realm's pending account: `/activate/{id}`. */
export const demoActivationId = (realm: string) => `demo-${realm}-activation`;

let demoHash: Promise<string> | undefined;

/**
 * The demo accounts of a demo realm: `{local}@{realm}.test`. Accounts that exist are left as
 * they are, so a viewer's changes survive a re-seed. Only the demo realms get them.
 */
export async function seedDemoAccounts(
  db: Db,
  realm: string,
  consentFields: ConsentField[] = [],
): Promise<void> {
  // One hash for the shared, published demo password: seeding stays fast.
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = await demoHash;
  for (const account of ACCOUNTS) {
    const email = `${account.local}@${realm}.test`;
    const [created] = await db
      .insert(t.users)
      .values({
        realm,
        email,
        passwordHash,
        role: account.role,
        status: account.status,
        fullName: account.fullName,
        // Valid for liga's tax-number pattern (spec section 5).
        taxNumber: account.detailed ? DEMO_TAX_NUMBER : null,
        // No saved language: demo viewers see the one their browser asks for.
        locale: null,
        activationId: account.status === "PENDING_ACTIVATION" ? demoActivationId(realm) : null,
        confirmedAt: account.status === "ACTIVE" ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: t.users.id });
    if (!created) continue;
    await db
      .insert(t.profiles)
      .values(account.profiles.map((profile) => ({ userId: created.id, ...profile })));
    const required = consentFields.filter((field) => field.required);
    if (account.consented && required.length > 0) {
      await db.insert(t.consentAnswers).values(
        required.map((field) => ({
          userId: created.id,
          fieldName: field.fieldName,
          functionalPurpose: field.functionalPurpose,
          answer: "true",
        })),
      );
    }
    if (account.licensed) {
      await db.insert(t.entitlements).values({ userId: created.id, licence: DEMO_LICENCE });
    }
    if (account.linked) {
      await db.insert(t.linkedProviders).values({
        realm,
        userId: created.id,
        provider: account.linked,
        subject: `demo-${realm}-${account.local}`,
        email,
      });
    }
  }
}

/** The id of a demo account (tests). */
export async function demoAccountId(db: Db, realm: string, local: string): Promise<number> {
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, `${local}@${realm}.test`)));
  if (!row) throw new Error(`no demo account ${local}@${realm}.test`);
  return row.id;
}
