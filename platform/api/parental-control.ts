import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { HEADERS } from "../../contract/headers.ts";
import type { ParentalControl } from "../../contract/generated/parental-control.ts";
import { consumeOneTimeToken } from "../identity/one-time-tokens.ts";
import { requestPinReset } from "../identity/pin-reset.ts";
import { countAttempt } from "../identity/rate-limit.ts";
import type { UserRow } from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { publicUrl } from "./identity/index.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { requireClient, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";
import { hashPin, pinOf, requireParentalPin } from "./parental-pin.ts";

/**
 * Parental control (spec section 7, v1): a four-digit PIN and whether it guards leaving a
 * child profile. Only an adult acting for the account may change either.
 */
export const parentalControl = new Hono<PlatformEnv>();

const STATUSES = ["RESTRICTED", "NON_RESTRICTED"] as const;
type Status = (typeof STATUSES)[number];

const guard = [requireClient, authenticate, requireAccount] as const;

const stateOf = (user: Pick<UserRow, "parentalStatus" | "parentalPinHash">): ParentalControl => ({
  status: user.parentalStatus === "RESTRICTED" ? "RESTRICTED" : "NON_RESTRICTED",
  pinSet: user.parentalPinHash !== null,
});

/**
 * The caller's token carries the old `par`: the answer brings a replacement with the new one
 * (the contract's Replacementauthorisation header), so the client need not refresh.
 */
async function replaceToken(c: Context<PlatformEnv>, status: Status) {
  const { exp: _exp, ...claims } = c.get("viewer")!;
  c.header(
    HEADERS.replacementAuthorisation,
    await c.get("tokens").issueAccess({ ...claims, par: status }),
  );
}

async function save(
  c: Context<PlatformEnv>,
  user: UserRow,
  changes: { parentalStatus?: Status; parentalPinHash?: string },
) {
  const [saved] = await c
    .get("store")
    .db.update(t.users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(t.users.id, user.id))
    .returning();
  await replaceToken(c, stateOf(saved!).status);
  return c.json(stateOf(saved!));
}

/** `GET /parental-control`: the account's status and whether it has a PIN. */
parentalControl.get("/", ...guard, async (c) => {
  return c.json(stateOf(await accountOf(c)));
});

/**
 * `POST /parental-control` `{pin, status}`: turns the restriction on or off. Without a PIN yet,
 * `pin` becomes the account's PIN; with one, `pin` must be it, so whoever holds only a child
 * profile's session cannot lift the restriction.
 */
parentalControl.post("/", ...guard, requireJsonBody, async (c) => {
  refuseChildProfile(c);
  const body = await readObject(c.req.raw);
  if (!STATUSES.includes(body.status as Status)) {
    throw badRequest("INVALID_STATUS", "'status' must be RESTRICTED or NON_RESTRICTED");
  }
  const user = await accountOf(c);
  if (user.parentalPinHash) {
    await requireParentalPin(c, user, body.pin);
    return save(c, user, { parentalStatus: body.status as Status });
  }
  return save(c, user, {
    parentalStatus: body.status as Status,
    parentalPinHash: await hashPin(pinOf(body.pin)),
  });
});

/**
 * `POST /parental-control/pin` `{pin, currentPin?, resetCode?}`: a new PIN. Changing one needs
 * the current PIN or the code of a reset email; the first PIN needs neither.
 */
parentalControl.post("/pin", ...guard, requireJsonBody, async (c) => {
  refuseChildProfile(c);
  const body = await readObject(c.req.raw);
  const pin = pinOf(body.pin);
  const user = await accountOf(c);
  if (body.resetCode !== undefined) {
    const used =
      typeof body.resetCode === "string"
        ? await consumeOneTimeToken(c.get("store").db, "pin-reset", user.realm, body.resetCode)
        : null;
    if (!used || used.userId !== user.id) {
      throw new ApiError(400, "INVALID_RESET_CODE", "The reset code is wrong, used or expired");
    }
  } else if (user.parentalPinHash) {
    await requireParentalPin(c, user, body.currentPin, "currentPin");
  }
  return save(c, user, { parentalPinHash: await hashPin(pin) });
});

// Each request sends an email: a few per hour is plenty for a forgotten PIN.
const RESET_REQUESTS = { limit: 3, windowSeconds: 3600 };

/**
 * `POST /parental-control/pin/reset` (no body): emails the account a single-use code and a link
 * to the web app's confirm page (`/pin-reset/confirm?code=`), valid for an hour. 202.
 */
parentalControl.post("/pin/reset", ...guard, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const { db } = c.get("store");
  const verdict = await countAttempt(db, `pin-reset:${user.id}`, RESET_REQUESTS);
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new ApiError(429, "TOO_MANY_ATTEMPTS", "Too many reset emails; try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  await requestPinReset(db, c.get("realm"), user, user.locale ?? c.get("locale"), publicUrl(c));
  return c.json({ sent: true }, 202);
});
