import { Hono, type Context } from "hono";
import type { AddressInput, BillingDetails } from "../../contract/generated/address-input.ts";
import { label, type LabelKey } from "../i18n/labels.ts";
import {
  AddressBookFull,
  addAddress,
  addressesOf,
  addressRow,
  checkAddress,
  removeAddress,
  saveBillingDetails,
  updateAddress,
  type CheckedAddress,
} from "../identity/addresses.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, notFound } from "./errors.ts";
import { storedNumber } from "./pagination.ts";

/** The signed-in account's postal addresses and billing details (spec sections 3 and 7), on v2. */
export const addresses = new Hono<PlatformEnv>();

const say = (c: Context<PlatformEnv>, key: LabelKey) =>
  label(c.get("locale"), key, {}, c.get("realm"));

/** 400 INVALID_FIELDS naming every field that does not fit, the first one as the message. */
function refuse(c: Context<PlatformEnv>, problems: { field: string; label: LabelKey }[]): never {
  const fields = problems.map((p) => ({ field: p.field, message: say(c, p.label) }));
  throw new ApiError(400, "INVALID_FIELDS", fields[0]!.message, { fields });
}

function checked(c: Context<PlatformEnv>, result: CheckedAddress): CheckedAddress["values"] {
  if (result.problems.length > 0) refuse(c, result.problems);
  return result.values;
}

const full = (c: Context<PlatformEnv>) =>
  new ApiError(409, "ADDRESS_LIMIT", say(c, "addressLimitReached"));

/** The address id of the path, or a 404: ids are whole numbers the store can hold. */
function addressId(c: Context<PlatformEnv>): number {
  const id = storedNumber(c.req.param("id") ?? "");
  if (id === null) throw notFound("The address");
  return id;
}

/** `GET /user/address`: the account's addresses, the default first. */
addresses.get("/user/address", authenticate, requireAccount, async (c) => {
  const user = await accountOf(c);
  return c.json(await addressesOf(c.get("store").db, user.id));
});

/** `POST /user/address`: a new address; the account's first is its default. */
addresses.post("/user/address", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const input = await readObject<AddressInput>(c.req.raw);
  const user = await accountOf(c);
  const values = checked(c, checkAddress(input));
  try {
    const added = await addAddress(c.get("store").db, user.id, values, input.default === true);
    return c.json(added, 201);
  } catch (error) {
    if (error instanceof AddressBookFull) throw full(c);
    throw error;
  }
});

/** `PUT /user/address/{id}`: changes one of the account's addresses, or makes it the default. */
addresses.put("/user/address/:id", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const id = addressId(c);
  const input = await readObject<AddressInput>(c.req.raw);
  const user = await accountOf(c);
  const db = c.get("store").db;
  const current = await addressRow(db, user.id, id);
  if (!current) throw notFound("The address");
  const values = checked(c, checkAddress(input, current));
  const changed = await updateAddress(db, user.id, id, values, input.default === true);
  if (!changed) throw notFound("The address");
  return c.json(changed);
});

/** `DELETE /user/address/{id}`: removes one; a removed default hands over to the oldest left. */
addresses.delete("/user/address/:id", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const id = addressId(c);
  const user = await accountOf(c);
  if (!(await removeAddress(c.get("store").db, user.id, id))) throw notFound("The address");
  return c.body(null, 204);
});

/**
 * `PUT /user/billing-details` `{fullName, taxNumber, address}`: the payer's name and tax number
 * to the account's details, the address as its default. Answers the default address.
 */
addresses.put("/user/billing-details", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const body = await readObject<BillingDetails>(c.req.raw);
  const user = await accountOf(c);
  const fullName = body.fullName.trim();
  const address = checkAddress(body.address);
  const problems = [
    ...(fullName ? [] : [{ field: "fullName", label: "requiredField" as const }]),
    ...address.problems.map((p) => ({ ...p, field: `address.${p.field}` })),
  ];
  if (problems.length > 0) refuse(c, problems);
  const taxNumber = body.taxNumber === undefined ? undefined : body.taxNumber?.trim() || null;
  try {
    const saved = await saveBillingDetails(
      c.get("store").db,
      user.id,
      { fullName, taxNumber },
      address.values,
    );
    return c.json(saved);
  } catch (error) {
    if (error instanceof AddressBookFull) throw full(c);
    throw error;
  }
});
