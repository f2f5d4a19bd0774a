/**
 * Card details as a card provider checks them before anything is charged, and what the
 * sandbox acquirer does with its documented test numbers. Only the brand, the last four digits
 * and the expiry ever leave this module; the number and the security code are never stored.
 */
export interface CardInput {
  number: string;
  /** `MM/YY`. */
  expiry: string;
  cvc: string;
  holder: string;
}

export type CardProblem =
  "INVALID_CARD_NUMBER" | "INVALID_CARD_EXPIRY" | "INVALID_CARD_CVC" | "INVALID_CARD_HOLDER";

/** What a stored method says about its card (spec: payment details). */
export interface CardSummary {
  brand: string;
  last4: string;
  expiry: string;
}

/** What the sandbox acquirer does with a card (docs/payment-providers.md lists the numbers). */
export type CardBehaviour =
  | "SUCCEED"
  | "DECLINE"
  | "CHALLENGE"
  | "NETWORK_ERROR"
  /** Pays now; charged again later without the viewer (a renewal), it is declined. */
  | "DECLINE_STORED";

const TEST_CARDS: Record<string, CardBehaviour> = {
  "4242424242424242": "SUCCEED",
  "4000000000000002": "DECLINE",
  "4000000000003220": "CHALLENGE",
  "4000000000000119": "NETWORK_ERROR",
  "4000000000000341": "DECLINE_STORED",
};

/** The digits of a number as typed ("4242 4242-4242 4242"), or null when anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn check digit rule (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return "Amex";
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  return "Card";
}

/** `MM/YY` as month and four-digit year, when it is one. */
function readExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/**
 * The card's problems, field by field: a number that fails Luhn, an expiry that is malformed or
 * past (a card is good to the end of its month), a CVC of the wrong length (four digits for
 * Amex, else three), an empty name.
 */
export function cardProblems(card: CardInput, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = cardDigits(card.number);
  if (!digits || !passesLuhn(digits)) problems.push("INVALID_CARD_NUMBER");
  const expiry = readExpiry(card.expiry);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || expiry.year * 12 + (expiry.month - 1) < thisMonth) {
    problems.push("INVALID_CARD_EXPIRY");
  }
  const cvcLength = digits && cardBrand(digits) === "Amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) problems.push("INVALID_CARD_CVC");
  const holder = card.holder.trim();
  if (holder === "" || holder.length > 100) problems.push("INVALID_CARD_HOLDER");
  return problems;
}

/** What is kept of a valid card. */
export function cardSummary(card: CardInput): CardSummary {
  const digits = cardDigits(card.number)!;
  const expiry = readExpiry(card.expiry)!;
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expiry: `${String(expiry.month).padStart(2, "0")}/${String(expiry.year % 100).padStart(2, "0")}`,
  };
}

/** The sandbox's answer to a valid card: its test numbers, else success. */
export function cardBehaviour(card: CardInput): CardBehaviour {
  return TEST_CARDS[cardDigits(card.number) ?? ""] ?? "SUCCEED";
}

/**
 * What the sandbox acquirer does when charging a saved card, known by its last four digits:
 * a test number's behaviour, except that nobody is there for a challenge (it succeeds).
 */
export function storedCardBehaviour(last4: string): CardBehaviour {
  const number = Object.keys(TEST_CARDS).find((n) => n.endsWith(last4));
  const behaviour = number ? TEST_CARDS[number]! : "SUCCEED";
  return behaviour === "CHALLENGE" ? "SUCCEED" : behaviour;
}
