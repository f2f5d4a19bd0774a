import { Hono } from "hono";
import { heldLicences, paymentHistory } from "../commerce/held-licences.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import type { PlatformEnv } from "./context.ts";
import { readPage } from "./pagination.ts";

/** What the account bought and paid (spec sections 2 and 7: the account page), on v2. */
export const customer = new Hono<PlatformEnv>();

/** Spec section 9: payment history page size. */
const PAYMENT_HISTORY_RPP = 10;

/** `GET /user/subscriptions`: the licences the account holds or held. */
customer.get("/user/subscriptions", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  c.header("Cache-Control", "private, no-store");
  const items = await heldLicences(c.get("store").db, user.id, c.get("realm").licences, new Date());
  return c.json({ items });
});

/** `POST /customer/history/payment?rpp=10&p={page}` (no body): the account's payments. */
customer.post("/customer/history/payment", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const page = readPage((name) => c.req.query(name), PAYMENT_HISTORY_RPP, 50);
  c.header("Cache-Control", "private, no-store");
  return c.json(await paymentHistory(c.get("store").db, user.realm, user.id, page));
});
