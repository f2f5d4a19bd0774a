import { describe, expect, it } from "vitest";
import {
  CHECKOUT_STEPS as S,
  checkoutSteps,
  freeTrialAcknowledgement,
  readStep,
  stepAfter,
  stepBefore,
  stepDirection,
} from "../../../app/checkout/steps.ts";

const plan = {
  licenceChoice: true,
  signedIn: false,
  cardEntry: true,
  charged: true,
};

describe("checkout steps (spec section 4)", () => {
  it("keeps the spec's numbers", () => {
    expect(S).toEqual({
      SELECT_LICENCE: 0,
      CREATE_ACCOUNT: 1,
      SELECT_PAYMENT_METHOD: 2,
      ADD_BILLING_ADDRESS: 3,
      ADD_CARD: 4,
      CONFIRM_CANCELLATION: 5,
      CONFIRM_REACTIVATION: 6,
      PARTITIONS: 7,
      EMPTY: 8,
    });
  });

  it("standard order: licence, account, payment method, billing address, card", () => {
    expect(checkoutSteps(plan)).toEqual([0, 1, 2, 3, 4]);
    expect(checkoutSteps({ ...plan, firstStep: "SELECT_LICENCE" })).toEqual([0, 1, 2, 3, 4]);
  });

  it("the alternative order starts with the account", () => {
    expect(checkoutSteps({ ...plan, firstStep: "CREATE_ACCOUNT" })).toEqual([1, 0, 2, 3, 4]);
  });

  it("asks a signed-in account of a partitioned realm its region first (PARTITIONS)", () => {
    const signedIn = { ...plan, signedIn: true, partitionNeeded: true };
    expect(checkoutSteps(signedIn)).toEqual([7, 0, 2, 3, 4]);
    expect(checkoutSteps({ ...signedIn, firstStep: "CREATE_ACCOUNT" })).toEqual([7, 0, 2, 3, 4]);
    expect(checkoutSteps({ ...signedIn, licenceChoice: false })).toEqual([7, 2, 3, 4]);
    // A visitor gives the region with the account it creates: no step of its own.
    expect(checkoutSteps({ ...plan, partitionNeeded: true })).toEqual([0, 1, 2, 3, 4]);
    expect(checkoutSteps({ ...plan, signedIn: true, partitionNeeded: false })).toEqual([
      0, 2, 3, 4,
    ]);
    expect(readStep("7", checkoutSteps(signedIn))).toBe(7);
    expect(readStep("7", checkoutSteps({ ...plan, signedIn: true }))).toBeUndefined();
  });

  it("the step after the account is where a sign-up in the checkout goes on", () => {
    expect(stepAfter(checkoutSteps(plan), S.CREATE_ACCOUNT)).toBe(S.SELECT_PAYMENT_METHOD);
    expect(
      stepAfter(checkoutSteps({ ...plan, firstStep: "CREATE_ACCOUNT" }), S.CREATE_ACCOUNT),
    ).toBe(S.SELECT_LICENCE);
    expect(
      stepAfter(
        checkoutSteps({ ...plan, licenceChoice: false, firstStep: "CREATE_ACCOUNT" }),
        S.CREATE_ACCOUNT,
      ),
    ).toBe(S.SELECT_PAYMENT_METHOD);
  });

  it("leaves out what is already settled", () => {
    expect(checkoutSteps({ ...plan, signedIn: true })).toEqual([0, 2, 3, 4]);
    expect(checkoutSteps({ ...plan, signedIn: true, licenceChoice: false })).toEqual([2, 3, 4]);
    // A provider without card entry on our page has no card step.
    expect(checkoutSteps({ ...plan, signedIn: true, cardEntry: false })).toEqual([0, 2, 3]);
    // Nothing due now or later: no address, no card; confirming the method is the end.
    expect(checkoutSteps({ ...plan, signedIn: true, charged: false })).toEqual([0, 2]);
  });

  it("moves through the steps in their order, whatever their numbers", () => {
    const steps = checkoutSteps({ ...plan, firstStep: "CREATE_ACCOUNT" });
    expect(stepAfter(steps, S.CREATE_ACCOUNT)).toBe(S.SELECT_LICENCE);
    expect(stepAfter(steps, S.SELECT_LICENCE)).toBe(S.SELECT_PAYMENT_METHOD);
    expect(stepAfter(steps, S.ADD_CARD)).toBeUndefined();
    expect(stepBefore(steps, S.SELECT_LICENCE)).toBe(S.CREATE_ACCOUNT);
    expect(stepBefore(steps, S.CREATE_ACCOUNT)).toBeUndefined();
    expect(stepAfter(steps, S.PARTITIONS)).toBeUndefined();
  });

  it("direction is forward only when the new step is greater", () => {
    expect(stepDirection(0, 2)).toBe("forward");
    expect(stepDirection(3, 2)).toBe("backwards");
    expect(stepDirection(2, 2)).toBe("backwards");
  });

  it("reads only a step this checkout has", () => {
    const steps = [0, 2, 3, 4] as const;
    expect(readStep("3", [...steps])).toBe(3);
    expect(readStep("1", [...steps])).toBeUndefined();
    expect(readStep("03", [...steps])).toBeUndefined();
    expect(readStep("x", [...steps])).toBeUndefined();
    expect(readStep(null, [...steps])).toBeUndefined();
  });

  it("free-trial acknowledgement: NONE without a trial, REQUIRED until ticked", () => {
    expect(freeTrialAcknowledgement(false, false)).toBe("NONE");
    expect(freeTrialAcknowledgement(true, false)).toBe("REQUIRED");
    expect(freeTrialAcknowledgement(true, true)).toBe("ACKNOWLEDGED");
  });
});
