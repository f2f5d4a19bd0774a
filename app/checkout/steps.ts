/**
 * Checkout steps as the spec numbers them (section 4). The URL carries the step, so back,
 * forward and reload land where the viewer was; these rules say which steps a checkout has and
 * in what order.
 */
export const CHECKOUT_STEPS = {
  SELECT_LICENCE: 0,
  CREATE_ACCOUNT: 1,
  SELECT_PAYMENT_METHOD: 2,
  ADD_BILLING_ADDRESS: 3,
  ADD_CARD: 4,
  CONFIRM_CANCELLATION: 5,
  CONFIRM_REACTIVATION: 6,
  PARTITIONS: 7,
  EMPTY: 8,
} as const;

export type CheckoutStepName = keyof typeof CHECKOUT_STEPS;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[CheckoutStepName];

/** What decides which steps a checkout has. */
export interface StepPlan {
  /** The realm's `checkoutFirstStep`: the alternative order starts with the account. */
  firstStep?: "SELECT_LICENCE" | "CREATE_ACCOUNT";
  /** The realm sells more than one licence (one licence needs no choosing). */
  licenceChoice: boolean;
  /** The viewer is signed in with an account (no account step). */
  signedIn: boolean;
  /** The chosen provider takes a card on our page (the card step). */
  cardEntry: boolean;
  /** Something is or will be charged (nothing due: no address, no card). */
  charged: boolean;
  /**
   * A signed-in account of a partitioned realm has no region yet: it is asked first, since the
   * licences and their prices are the region's (the PARTITIONS step).
   */
  partitionNeeded?: boolean;
}

/** The steps of this checkout, in order (spec: standard order, or account first). */
export function checkoutSteps(plan: StepPlan): CheckoutStep[] {
  const standard: CheckoutStep[] = [
    CHECKOUT_STEPS.SELECT_LICENCE,
    CHECKOUT_STEPS.CREATE_ACCOUNT,
    CHECKOUT_STEPS.SELECT_PAYMENT_METHOD,
    CHECKOUT_STEPS.ADD_BILLING_ADDRESS,
    CHECKOUT_STEPS.ADD_CARD,
  ];
  const ordered =
    plan.firstStep === "CREATE_ACCOUNT"
      ? [CHECKOUT_STEPS.CREATE_ACCOUNT, CHECKOUT_STEPS.SELECT_LICENCE, ...standard.slice(2)]
      : standard;
  const withRegion =
    plan.signedIn && plan.partitionNeeded ? [CHECKOUT_STEPS.PARTITIONS, ...ordered] : ordered;
  return withRegion.filter((step) => {
    switch (step) {
      case CHECKOUT_STEPS.SELECT_LICENCE:
        return plan.licenceChoice;
      case CHECKOUT_STEPS.CREATE_ACCOUNT:
        return !plan.signedIn;
      case CHECKOUT_STEPS.ADD_BILLING_ADDRESS:
        return plan.charged;
      case CHECKOUT_STEPS.ADD_CARD:
        return plan.charged && plan.cardEntry;
      default:
        return true;
    }
  });
}

/** The step after `step` in `steps` (the last one has none). */
export function stepAfter(steps: CheckoutStep[], step: CheckoutStep): CheckoutStep | undefined {
  const at = steps.indexOf(step);
  return at === -1 ? undefined : steps[at + 1];
}

/** The step before `step` in `steps` (the first one has none). */
export function stepBefore(steps: CheckoutStep[], step: CheckoutStep): CheckoutStep | undefined {
  const at = steps.indexOf(step);
  return at <= 0 ? undefined : steps[at - 1];
}

/** Spec section 4: forward when the new step is greater than the one before, else backwards. */
export function stepDirection(previous: number, next: number): "forward" | "backwards" {
  return next > previous ? "forward" : "backwards";
}

/** The step a URL's `step` names, when it is one of this checkout's. */
export function readStep(value: string | null, steps: CheckoutStep[]): CheckoutStep | undefined {
  if (value === null || !/^\d$/.test(value)) return undefined;
  const step = Number(value) as CheckoutStep;
  return steps.includes(step) ? step : undefined;
}

/** Spec section 4: free-trial acknowledgement. */
export type FreeTrialAcknowledgement = "NONE" | "REQUIRED" | "ACKNOWLEDGED";

export function freeTrialAcknowledgement(
  hasTrial: boolean,
  acknowledged: boolean,
): FreeTrialAcknowledgement {
  if (!hasTrial) return "NONE";
  return acknowledged ? "ACKNOWLEDGED" : "REQUIRED";
}

/** Label key of each step's name, for the progress indicator and the page title. */
export const STEP_LABELS: Partial<Record<CheckoutStep, string>> = {
  [CHECKOUT_STEPS.SELECT_LICENCE]: "checkoutStepLicence",
  [CHECKOUT_STEPS.CREATE_ACCOUNT]: "checkoutStepAccount",
  [CHECKOUT_STEPS.SELECT_PAYMENT_METHOD]: "checkoutStepPaymentMethod",
  [CHECKOUT_STEPS.ADD_BILLING_ADDRESS]: "checkoutStepBillingAddress",
  [CHECKOUT_STEPS.ADD_CARD]: "checkoutStepCard",
  [CHECKOUT_STEPS.PARTITIONS]: "checkoutStepPartition",
};
