/**
 * App analytics events (spec section 3, "Analytics events"), one typed interface for whoever
 * listens, in the style of the player's events (app/player/events.ts): analytics later, tests
 * now. Only the events the app emits so far are listed.
 */
export interface AppEventMap {
  /** A promo notification was shown. */
  promoView: { promoId: string };
  /** The sign-up form was shown. */
  signUpStarted: Record<string, never>;
  /** The sign-up form was sent with every field passing the browser's checks. */
  signUpDetailsEntered: Record<string, never>;
  /** The account was made (the first page after a sign-up that went through). */
  signUpCompleted: Record<string, never>;
  /** A search was run (the page's form, or the overlay once typing settles). */
  searchQuery: { keyword: string };
  /** The checkout showed the plans on offer (subscription view). */
  subscriptionView: { skus: string[] };
  /** The checkout went on with a plan (select): chosen, or named by the link that opened it. */
  subscriptionSelect: { sku: string };
  /** The viewer pressed pay (purchase started). */
  purchaseStarted: { sku: string; provider: string; promotionCode?: string };
  /** An order completed: sent once per order, however often its confirmation is shown. */
  purchaseCompleted: {
    sku: string;
    orderId: string;
    subscription: boolean;
    promotionCode?: string;
    /** What was charged now, in minor units of `currency`. */
    amount: number;
    scale: number;
    currency: string;
  };
}

export type AppEventType = keyof AppEventMap;

export type AppEvent = {
  [K in AppEventType]: { type: K } & AppEventMap[K];
}[AppEventType];

export type AppEventListener = (event: AppEvent) => void;

/**
 * Set in session storage when a sign-up form is sent, cleared when it comes back with a problem:
 * a sign-up that goes through leaves for another page, whose start sends `signUpCompleted`.
 */
export const SIGN_UP_PENDING = "analyticsSignUpPending";

/** The DOM event dispatched on `document` for every app event. */
export const APP_EVENT = "appevent";

declare global {
  interface DocumentEventMap {
    [APP_EVENT]: CustomEvent<AppEvent>;
  }
}

/** Fans app events out to listeners; a failing listener never stops the page or the rest. */
export class AppEvents {
  private readonly listeners = new Set<AppEventListener>();

  on(listener: AppEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<K extends AppEventType>(type: K, detail: AppEventMap[K]): void {
    const event = { type, ...detail } as AppEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error("app event listener failed", error);
      }
    }
    if (typeof document !== "undefined") {
      document.dispatchEvent(new CustomEvent(APP_EVENT, { detail: event }));
    }
  }
}

/** The page's app events (browser only: nothing is emitted while rendering on the server). */
export const appEvents = new AppEvents();
