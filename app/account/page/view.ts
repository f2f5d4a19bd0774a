import type { AccountSubscription, PaymentHistory } from "../../../contract/generated/account.ts";
import type { Address } from "../../../contract/generated/addresses.ts";
import type { SavedCard } from "../../../contract/generated/saved-cards.ts";
import type { PaymentDetails } from "../../../contract/generated/payment-details.ts";
import type { ConsentPrompt } from "../../../contract/generated/consent-prompt.ts";
import type { ParentalControl } from "../../../contract/generated/parental-control.ts";
import type { UserDetails } from "../../../contract/generated/user-details.ts";
import type { LinkedProviders } from "../../../contract/generated/account.ts";
import type { PlaybackChoices } from "../playback-choices.ts";
import type {
  PlanChangeOptions,
  PlanChangeQuote,
} from "../../../contract/generated/plan-change.ts";
import type { DeviceDescription } from "./device.ts";
import type { AccountSection } from "./sections.ts";

/** The step before a cancellation: what goes, and the realm's offer to stay. */
export interface CancelStep {
  orderId: string;
  name: string;
  promo: {
    title: string;
    description: string | null;
    imageUrl: string | null;
    cta: string;
    href: string | null;
    openInNewTab: boolean;
  } | null;
  back: string;
}

/** The plan change step of a running subscription: the plans, then the confirmation of one. */
export interface PlanChangeView {
  orderId: string;
  name: string;
  options: (PlanChangeQuote & { href: string })[];
  /** The plan chosen (`&to=`): its confirmation, with what is due now and from when. */
  chosen: PlanChangeQuote | null;
  storedCard: PlanChangeOptions["storedCard"];
  /** The confirmation's key: a double press sends it twice and changes the plan once. */
  idempotencyKey: string;
  back: string;
  choose: string;
}

/** One signed-in session of the account, as the security section lists it. */
export interface DeviceSession {
  id: string;
  device: DeviceDescription;
  lastActiveAt: string;
  current: boolean;
}

export interface AccountTab {
  section: AccountSection;
  href: string;
}

/** What one section of the account page shows, or that it could not be loaded. */
export type SectionView =
  | {
      section: "subscriptions";
      items: AccountSubscription[];
      plans: string;
      /** Each cancellable subscription's confirmation step, by order id. */
      cancelHrefs: Record<string, string>;
      /** The confirmation step (CONFIRM_CANCELLATION) of the subscription `?cancel=` names. */
      confirmCancel: CancelStep | null;
      /** Each running subscription's "Change plan" step, by order id. */
      changeHrefs: Record<string, string>;
      /** The plan change step of the subscription `?change=` names. */
      planChange: PlanChangeView | null;
      /** Subscriptions (order ids) whose price migration is listed (spec section 4's rule). */
      listedMigrations: string[];
    }
  | {
      section: "accountdetails";
      details: UserDetails;
      /** The default first; empty when the platform could not say. */
      addresses: Address[];
      /** The countries an address may be in. */
      countries: string[];
    }
  | {
      section: "paymentdetails";
      /** How each running subscription pays, with the page that changes it. */
      paymentMethods: (PaymentDetails & { update: string })[];
      /** The pages of cards asked for, appended; more left when `moreCards` links on. */
      cards: SavedCard[];
      moreCards: string | null;
      cardsFailed: boolean;
      history: PaymentHistory;
      /** Each completed order's invoice page, by order id. */
      invoices: Record<string, string>;
      previous: string | null;
      next: string | null;
    }
  | {
      section: "preferences";
      parental: ParentalControl;
      marketing: ConsentPrompt["fields"];
      playback: PlaybackChoices;
      action: string;
    }
  | {
      section: "accountsecurity";
      sessions: DeviceSession[];
      providers: LinkedProviders["items"];
      /** Whether the account has a password, the only other way in besides its providers. */
      hasPassword: boolean;
      /** The JSON download of the account's data. */
      dataExport: string;
    }
  | {
      section: "partitions";
      /** The account's partition, none until it chooses one. */
      current: string | null;
      partitions: { id: string; name: string }[];
    }
  | { section: AccountSection; failed: true; retry: string };

export interface AccountView {
  section: AccountSection;
  tabs: AccountTab[];
  content: SectionView;
}

/** The address book's and billing details' forms (account details section). */
export type AddressIntent = "addAddress" | "removeAddress" | "defaultAddress" | "billing";

/** The saved cards' forms (payment details section). */
export type CardIntent = "defaultCard" | "removeCard";

/** The account page's forms: which one, and what it says back when it is refused. */
export type AccountIntent =
  | "details"
  | "password"
  | "cancel"
  | "reactivate"
  | "changePlan"
  | "partition"
  | "acceptPriceMigration"
  | "signOutOthers"
  | "endSession"
  | "signOutEverywhere"
  | "unlinkProvider"
  | "deleteAccount"
  | AddressIntent
  | CardIntent;

export interface AccountAnswer {
  ok: false;
  intent: AccountIntent;
  /** Label key, or the platform's own words in `message`. */
  error?: string;
  message?: string;
  /** The field the problem is in, whose input gets the error. */
  field?: string;
  /** What was typed (passwords never come back), so a refused form loses nothing. */
  values: Record<string, string>;
}
