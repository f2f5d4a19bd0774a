import { Hono, type Context } from "hono";
import type {
  PaymentSwitchConfirmation,
  PaymentSwitchRequest,
} from "../../contract/generated/payment-details.ts";
import { safeRedirectPath } from "../../contract/safe-path.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { paymentAdapter } from "../commerce/payment-adapters.ts";
import {
  findSwitch,
  NoRunningSubscription,
  paymentDetailsOf,
  settleSwitch,
  startSwitch,
  switchView,
} from "../commerce/payment-switches.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, notFound } from "./errors.ts";

/** How the account's subscriptions pay, and changing it (spec section 7, payment details), on v2. */
export const paymentDetails = new Hono<PlatformEnv>();

paymentDetails.use("*", authenticate, requireAccount);

async function detailsOf(c: Context<PlatformEnv>) {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const realm = c.get("realm");
  c.header("Cache-Control", "private, no-store");
  return paymentDetailsOf(c.get("store").db, realm.name, user.id, realm.licences, new Date());
}

/** `GET /payment-details`: each running subscription with its payment methods and their states. */
paymentDetails.get("/", async (c) => c.json({ items: await detailsOf(c) }));

/** `GET /payment-details/{orderId}`: one running subscription's. */
paymentDetails.get("/:orderId", async (c) => {
  const found = (await detailsOf(c)).find((d) => d.orderId === c.req.param("orderId"));
  if (!found) throw notFound("The subscription");
  return c.json(found);
});

/**
 * `POST /payment-details/{orderId}/switch` `{provider, card, returnUrl}`: a running subscription
 * pays with this card from now on, once the realm's card provider has authorised it (nothing is
 * charged); through the provider's challenge when the card needs one (PENDING, `redirectUrl`).
 */
paymentDetails.post("/:orderId/switch", async (c) => {
  refuseChildProfile(c);
  const body = await readObject<PaymentSwitchRequest>(c.req.raw);
  const realm = c.get("realm");
  const returnUrl = safeRedirectPath(body.returnUrl, "");
  if (!returnUrl) {
    throw new ApiError(
      400,
      "INVALID_BODY",
      "'returnUrl' must be a path on this site",
      undefined,
      "/returnUrl",
    );
  }
  const offered = ((realm.settings as unknown as RealmSettings).paymentProviders ?? []).some(
    (p) => p.name === body.provider,
  );
  const adapter = offered ? paymentAdapter(body.provider) : undefined;
  if (!adapter || adapter.method !== "CARD") {
    throw new ApiError(
      400,
      "PAYMENT_PROVIDER_UNAVAILABLE",
      "The realm has no card provider by that name that takes a card on this site",
      undefined,
      "/provider",
    );
  }
  const now = new Date();
  const problem = adapter.inputProblems({ card: body.card }, now)[0];
  if (problem)
    throw new ApiError(400, problem, "The card details are not valid", undefined, "/card");
  const user = await accountOf(c);
  try {
    const started = await startSwitch(c.get("store").db, {
      realm: realm.name,
      merchant: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
      userId: user.id,
      orderId: c.req.param("orderId"),
      adapter,
      card: body.card,
      returnUrl,
      licences: realm.licences,
      now,
      secret: await c.get("mediaSecret")(),
    });
    c.header("Cache-Control", "private, no-store");
    return c.json(started, 201);
  } catch (error) {
    if (error instanceof NoRunningSubscription) throw notFound("The subscription");
    throw error;
  }
});

/**
 * `POST /payment-details/switches/{id}/confirm` `{result}`: the provider's signed result as the
 * browser brought it back; the change settles once, whether its notification came first or not.
 */
paymentDetails.post("/switches/:id/confirm", async (c) => {
  const { result } = await readObject<PaymentSwitchConfirmation>(c.req.raw);
  const realm = c.get("realm");
  const user = await accountOf(c);
  const { db } = c.get("store");
  const row = await findSwitch(db, realm.name, user.id, c.req.param("id"));
  if (!row) throw notFound("The change of payment method");
  const now = new Date();
  const verdict = paymentAdapter(row.provider)?.readReturn(
    result,
    await c.get("mediaSecret")(),
    now,
  );
  if (!verdict || verdict.order !== row.id || verdict.realm !== realm.name) {
    throw new ApiError(400, "INVALID_SIGNATURE", "The result is not this change's, or not signed");
  }
  const settled = await settleSwitch(db, verdict, now);
  c.header("Cache-Control", "private, no-store");
  return c.json(switchView(settled ?? row));
});
