import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Address } from "../../contract/generated/addresses.ts";
import type { AddressInput } from "../../contract/generated/address-input.ts";
import type { LabelKey } from "../../contract/labels.ts";
import { countryCodeOf, postalCodeProblem } from "../../contract/postal-address.ts";
import { lockAccount, type Tx } from "./account-lock.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** The most addresses an account keeps: enough for home, work and a few billing ones. */
export const ADDRESS_LIMIT = 20;

type Row = typeof t.userAddresses.$inferSelect;

/** An address as the contract answers it. */
export function addressOf(row: Row): Address {
  return {
    id: row.id,
    countryCode: row.countryCode,
    postalCode: row.postalCode,
    city: row.city,
    line1: row.line1,
    line2: row.line2,
    default: row.isDefault,
  };
}

/** The values an address would have after `input`, and what in them does not fit. */
export interface CheckedAddress {
  values: { countryCode: string; postalCode: string } & Pick<Row, "city" | "line1" | "line2">;
  problems: { field: keyof AddressInput; label: LabelKey }[];
}

const optional = (value: string | null | undefined, kept: string | null) =>
  value === undefined ? kept : value?.trim() || null;

/** `input` over `current` (a new address has none), checked as spec section 5 says. */
export function checkAddress(input: AddressInput, current?: Row): CheckedAddress {
  const country = input.countryCode ?? current?.countryCode;
  const postalCode = (input.postalCode ?? current?.postalCode ?? "").trim();
  const problems: CheckedAddress["problems"] = [];
  const countryCode = countryCodeOf(country);
  if (!countryCode) problems.push({ field: "countryCode", label: "addressCountryInvalid" });
  const postal = postalCodeProblem(postalCode);
  if (postal) problems.push({ field: "postalCode", label: postal });
  return {
    values: {
      countryCode: countryCode ?? "",
      postalCode,
      city: optional(input.city, current?.city ?? null),
      line1: optional(input.line1, current?.line1 ?? null),
      line2: optional(input.line2, current?.line2 ?? null),
    },
    problems,
  };
}

/** The account's addresses, the default first, then oldest first. */
export async function addressesOf(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(t.userAddresses)
    .where(eq(t.userAddresses.userId, userId))
    .orderBy(desc(t.userAddresses.isDefault), asc(t.userAddresses.id));
  return rows.map(addressOf);
}

async function makeDefault(tx: Tx, userId: number, id: number): Promise<void> {
  await tx
    .update(t.userAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(t.userAddresses.userId, userId),
        eq(t.userAddresses.isDefault, true),
        ne(t.userAddresses.id, id),
      ),
    );
  await tx
    .update(t.userAddresses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(eq(t.userAddresses.id, id));
}

/** Why an address was not added: the account has its most addresses already. */
export class AddressBookFull extends Error {}

/** Adds an address; the account's first one, or one asked to be, becomes the default. */
export async function addAddress(
  db: Db,
  userId: number,
  values: CheckedAddress["values"],
  asDefault: boolean,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [held] = await tx
      .select({ n: count() })
      .from(t.userAddresses)
      .where(eq(t.userAddresses.userId, userId));
    const n = held?.n ?? 0;
    if (n >= ADDRESS_LIMIT) throw new AddressBookFull();
    const [row] = await tx
      .insert(t.userAddresses)
      .values({ userId, ...values })
      .returning();
    if (asDefault || n === 0) await makeDefault(tx, userId, row!.id);
    return addressOf({ ...row!, isDefault: asDefault || n === 0 });
  });
}

/** One of the account's addresses, or undefined when it has none by that id. */
export async function addressRow(db: Db, userId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(t.userAddresses)
    .where(and(eq(t.userAddresses.id, id), eq(t.userAddresses.userId, userId)));
  return row;
}

/** Changes an address; `asDefault` makes it the default (there is no way to have none). */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  values: CheckedAddress["values"],
  asDefault: boolean,
): Promise<Address | undefined> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [row] = await tx
      .update(t.userAddresses)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(t.userAddresses.id, id), eq(t.userAddresses.userId, userId)))
      .returning();
    if (!row) return undefined;
    if (asDefault && !row.isDefault) await makeDefault(tx, userId, id);
    return addressOf({ ...row, isDefault: row.isDefault || asDefault });
  });
}

/** Removes an address; when it was the default, the oldest one left becomes the default. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [gone] = await tx
      .delete(t.userAddresses)
      .where(and(eq(t.userAddresses.id, id), eq(t.userAddresses.userId, userId)))
      .returning();
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: t.userAddresses.id })
        .from(t.userAddresses)
        .where(eq(t.userAddresses.userId, userId))
        .orderBy(asc(t.userAddresses.id))
        .limit(1);
      if (next) await makeDefault(tx, userId, next.id);
    }
    return true;
  });
}

/**
 * Billing details: the payer's name and tax number go to the account, the address becomes its
 * default one (the default changes in place, or a first address is added).
 */
export async function saveBillingDetails(
  db: Db,
  userId: number,
  payer: { fullName: string; taxNumber: string | null | undefined },
  values: CheckedAddress["values"],
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    await tx
      .update(t.users)
      .set({
        fullName: payer.fullName,
        ...(payer.taxNumber === undefined ? {} : { taxNumber: payer.taxNumber }),
        updatedAt: new Date(),
      })
      .where(eq(t.users.id, userId));
    const [current] = await tx
      .select()
      .from(t.userAddresses)
      .where(and(eq(t.userAddresses.userId, userId), eq(t.userAddresses.isDefault, true)));
    if (current) {
      const [row] = await tx
        .update(t.userAddresses)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(t.userAddresses.id, current.id))
        .returning();
      return addressOf(row!);
    }
    const [held] = await tx
      .select({ n: count() })
      .from(t.userAddresses)
      .where(eq(t.userAddresses.userId, userId));
    if ((held?.n ?? 0) >= ADDRESS_LIMIT) throw new AddressBookFull();
    const [row] = await tx
      .insert(t.userAddresses)
      .values({ userId, ...values, isDefault: true })
      .returning();
    return addressOf(row!);
  });
}
