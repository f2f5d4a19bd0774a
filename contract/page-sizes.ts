/** Page sizes the spec fixes (section 9), shared by the platform's defaults and the web app. */

/** Payment history: 10 orders a page. */
export const PAYMENT_HISTORY_PER_PAGE = 10;

/** Saved cards: 20 a page (`GET /customer/cards?rpp=20`). */
export const CARDS_PER_PAGE = 20;
