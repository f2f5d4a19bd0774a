import { Hono } from "hono";
import type { Context } from "hono";
import { ERROR_LABELS } from "../../contract/errors.ts";
import type { PlatformEnv } from "../api/context.ts";
import { cardBehaviour, cardProblems, cardSummary, type CardInput } from "../commerce/cards.ts";
import { decimalString } from "../commerce/money.ts";
import type { PaymentVerdict } from "../commerce/payment-adapters.ts";
import type {
  PaymentFailure,
  PaymentMethodSummary,
  SandboxTicket,
} from "../commerce/payment-signatures.ts";
import {
  cardToken,
  mandateToken,
  notificationPath,
  oneTimeCode,
  readTicket,
  sandboxVerdict,
} from "../commerce/sandbox-acquirer.ts";
import { translatorFor } from "../i18n/i18n.ts";
import { countAttempt, MAX_WINDOW_SECONDS } from "../identity/rate-limit.ts";
import { escapeXml } from "../seed/artwork.ts";
import { readForm } from "./form.ts";
import georgian from "./ka.json";

/** Sends a request into the platform's own API, as the acquirer's servers would over HTTP. */
export type Deliver = (path: string, init: RequestInit) => Promise<Response>;

const LANGUAGES = ["en", "pt", "es"];
/** Wrong one-time codes a mobile payment takes before it fails. */
const CODE_ATTEMPTS = 5;
const CARD_FIELDS = ["holder", "number", "expiry", "cvc"] as const;

type Translate = (key: string, values?: Record<string, string>) => string;

/** The viewer's language among those the sandbox speaks (its pages are no realm's). */
function languageOf(c: Context<PlatformEnv>): string {
  for (const part of (c.req.header("Accept-Language") ?? "").split(",")) {
    const primary = part.trim().split(/[-;_]/)[0]?.toLowerCase();
    if (primary && LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/** The Georgian bank speaks Georgian, whatever the browser asks for. */
function bankT(key: string): string {
  return (georgian as Record<string, string>)[key] ?? key;
}

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeXml(title)}</title></head>
<body><main><h1>${escapeXml(title)}</h1>${body}</main></body>
</html>`;
}

/**
 * A sandbox page in the viewer's language: `build` words its title and body with the
 * translator, and the page is answered with `status`.
 */
function viewerPage(
  c: Context<PlatformEnv>,
  build: (t: Translate) => { title: string; body: string },
  status: 200 | 400 | 422 = 200,
): Response {
  const language = languageOf(c);
  const { title, body } = build(translatorFor(language) as Translate);
  return c.html(page(language, title, body), status);
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeXml(value)}">`;

/** A form that posts one decision about the ticket's payment. */
function decisionForm(signed: string, decision: string, label: string, fields = ""): string {
  return `<form method="post">${hidden("ticket", signed)}${hidden("decision", decision)}${fields}<button type="submit">${escapeXml(label)}</button></form>`;
}

function amountOf(ticket: SandboxTicket): string {
  return `${decimalString(ticket)} ${ticket.currency}`;
}

/** What a flow's page shows, with an error from the last try when there was one. */
interface PageInput {
  c: Context<PlatformEnv>;
  ticket: SandboxTicket;
  signed: string;
  secret: string;
  error?: string;
  card?: Partial<CardInput>;
}

function errorText(error: string | undefined): string {
  return error ? `<p role="alert">${escapeXml(error)}</p>` : "";
}

function challengePage({ c, ticket, signed }: PageInput): Response {
  return viewerPage(c, (t) => ({
    title: t("challengeTitle"),
    body: `<p>${escapeXml(t("challengeText", { amount: amountOf(ticket) }))}</p>${decisionForm(signed, "complete", t("challengeComplete"))}${decisionForm(signed, "fail", t("challengeFail"))}`,
  }));
}

function cardFields(t: Translate, card: Partial<CardInput> = {}): string {
  const labels = {
    holder: "cardHolder",
    number: "cardNumber",
    expiry: "cardExpiry",
    cvc: "cardCvc",
  };
  const autocomplete = { holder: "cc-name", number: "cc-number", expiry: "cc-exp", cvc: "cc-csc" };
  return CARD_FIELDS.map(
    (name) =>
      `<p><label for="card-${name}">${escapeXml(t(labels[name]))}</label> <input id="card-${name}" name="${name}" autocomplete="${autocomplete[name]}" required value="${name === "holder" ? escapeXml(card.holder ?? "") : ""}"></p>`,
  ).join("");
}

/** The second card provider's hosted payment page: a card, or a recurring mandate. */
function hostedPage({ c, ticket, signed, error, card }: PageInput): Response {
  const merchant = ticket.merchant;
  const amount = amountOf(ticket);
  return viewerPage(
    c,
    (t) => {
      const mandate = (decision: string, heading: string) =>
        `<section aria-labelledby="${decision}-heading"><h2 id="${decision}-heading">${escapeXml(heading)}</h2><p>${escapeXml(t("hostedMandateText", { merchant, amount }))}</p>${decisionForm(signed, decision, t("hostedAuthoriseMandate", { method: heading }))}</section>`;
      return {
        title: t("hostedTitle"),
        body: `<p>${escapeXml(t("sandboxPayTo", { amount, merchant }))}</p><p>${escapeXml(t("sandboxNotice"))}</p>${errorText(error)}<section aria-labelledby="card-heading"><h2 id="card-heading">${escapeXml(t("hostedCardHeading"))}</h2>${decisionForm(signed, "card", t("hostedPay", { amount }), cardFields(t, card))}</section>${mandate("bancontact", "Bancontact")}${mandate("ideal", "iDEAL")}${decisionForm(signed, "cancel", t("sandboxCancel", { merchant }))}`,
      };
    },
    error ? 422 : 200,
  );
}

function bankPage({ c, ticket, signed }: PageInput): Response {
  const rows = [
    [bankT("bankMerchant"), ticket.merchant],
    [bankT("bankOrder"), ticket.order],
    [bankT("bankAmount"), amountOf(ticket)],
  ]
    .map(([term, detail]) => `<dt>${escapeXml(term!)}</dt><dd>${escapeXml(detail!)}</dd>`)
    .join("");
  return c.html(
    page(
      "ka",
      bankT("bankTitle"),
      `<p>${escapeXml(bankT("bankNotice"))}</p><dl>${rows}</dl>${decisionForm(signed, "pay", bankT("bankPay"))}${decisionForm(signed, "cancel", bankT("bankCancel"))}`,
    ),
  );
}

function walletPage({ c, ticket, signed }: PageInput): Response {
  const merchant = ticket.merchant;
  return viewerPage(c, (t) => ({
    title: t("walletTitle"),
    body: `<p>${escapeXml(t("walletText", { merchant, amount: amountOf(ticket) }))}</p><p>${escapeXml(t("sandboxNotice"))}</p>${decisionForm(signed, "approve", t("walletApprove"))}${decisionForm(signed, "cancel", t("sandboxCancel", { merchant }))}`,
  }));
}

function mobilePage({ c, ticket, signed, secret, error }: PageInput): Response {
  const merchant = ticket.merchant;
  return viewerPage(
    c,
    (t) => {
      const field = `<p><label for="one-time-code">${escapeXml(t("mobileCodeLabel"))}</label> <input id="one-time-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required${error ? ' aria-invalid="true" aria-describedby="code-error"' : ""}></p>`;
      return {
        title: t("mobileTitle"),
        body: `<p>${escapeXml(t("sandboxPayTo", { amount: amountOf(ticket), merchant }))}</p><p>${escapeXml(t("mobileText"))}</p><p>${escapeXml(t("mobileSandboxCode", { code: oneTimeCode(secret, ticket.order) }))}</p>${error ? `<p role="alert" id="code-error">${escapeXml(error)}</p>` : ""}${decisionForm(signed, "confirm", t("mobileConfirm"), field)}${decisionForm(signed, "cancel", t("sandboxCancel", { merchant }))}`,
      };
    },
    error ? 422 : 200,
  );
}

function pixPage({ c, ticket, signed }: PageInput): Response {
  return viewerPage(c, (t) => ({
    title: t("pixBankTitle"),
    body: `<p>${escapeXml(t("pixBankText", { amount: amountOf(ticket), merchant: ticket.merchant }))}</p><p>${escapeXml(t("sandboxNotice"))}</p>${decisionForm(signed, "pay", t("pixBankPay"))}`,
  }));
}

const PAGES: Record<SandboxTicket["flow"], (input: PageInput) => Response> = {
  challenge: challengePage,
  hosted: hostedPage,
  bank: bankPage,
  wallet: walletPage,
  mobile: mobilePage,
  pix: pixPage,
};

/** A decision on a page: the payment's outcome, or the page again with what to fix. */
type Decision =
  | {
      outcome: PaymentVerdict["outcome"];
      failure?: PaymentFailure;
      method?: PaymentMethodSummary;
      storedMethod?: string;
    }
  | { again: string; card?: Partial<CardInput> };

const CANCELLED: Decision = { outcome: "failed", failure: "PAYMENT_CANCELLED" };

/**
 * The sandbox acquirer's pages, on our own origin, each opened with a signed ticket: the card
 * challenge, the hosted payment page, the Georgian bank, the wallet's approval, the mobile
 * payment's one-time code and the banking app that pays a Pix charge. Whatever the viewer
 * decides, the acquirer tells the platform server to server (a signed notification), then sends
 * the browser back to the checkout's return URL with `order`, `redirect_status` and the signed
 * `result`. Plain forms, no script: they work without JavaScript and under any CSP.
 */
export function sandboxAcquirer(deliver: Deliver) {
  const routes = new Hono<PlatformEnv>();

  const expired = (c: Context<PlatformEnv>) =>
    viewerPage(
      c,
      (t) => ({ title: t("challengeTitle"), body: `<p>${escapeXml(t("challengeExpired"))}</p>` }),
      400,
    );

  const show = async (c: Context<PlatformEnv>) => {
    const signed = c.req.query("ticket") ?? "";
    const secret = await c.get("mediaSecret")();
    const ticket = signed ? readTicket(secret, signed, new Date()) : null;
    if (!ticket) return expired(c);
    c.header("Cache-Control", "no-store");
    return PAGES[ticket.flow]({ c, ticket, signed, secret });
  };

  const decide = async (
    c: Context<PlatformEnv>,
    ticket: SandboxTicket,
    form: Map<string, string>,
    secret: string,
  ): Promise<Decision> => {
    const decision = form.get("decision");
    const t = translatorFor(languageOf(c)) as Translate;
    switch (ticket.flow) {
      case "challenge":
        return decision === "complete"
          ? { outcome: "succeeded" }
          : { outcome: "failed", failure: "AUTHENTICATION_FAILED" };
      case "hosted": {
        // A recurring mandate: the sandbox keeps it for the subscription's renewals.
        if (decision === "bancontact" || decision === "ideal") {
          const brand = decision === "ideal" ? "iDEAL" : "Bancontact";
          return {
            outcome: "succeeded",
            method: { brand },
            storedMethod: mandateToken(secret, ticket.provider, brand),
          };
        }
        if (decision !== "card") return CANCELLED;
        const card = Object.fromEntries(
          CARD_FIELDS.map((name) => [name, (form.get(name) ?? "").trim()]),
        ) as unknown as CardInput;
        const problem = cardProblems(card, new Date())[0];
        if (problem) return { again: t(ERROR_LABELS[problem]), card: { holder: card.holder } };
        const method = cardSummary(card);
        const behaviour = cardBehaviour(card);
        if (behaviour === "DECLINE") return { outcome: "failed", failure: "CARD_DECLINED", method };
        if (behaviour === "NETWORK_ERROR") {
          return { outcome: "failed", failure: "PAYMENT_NETWORK_ERROR", method };
        }
        return {
          outcome: "succeeded",
          method,
          storedMethod: cardToken(secret, ticket.provider, card),
        };
      }
      case "bank":
        return decision === "pay"
          ? { outcome: "succeeded", method: { brand: "GeoBank" } }
          : CANCELLED;
      case "wallet":
        return decision === "approve"
          ? { outcome: "succeeded", method: { brand: "PayPal" } }
          : CANCELLED;
      case "mobile": {
        if (decision !== "confirm") return CANCELLED;
        // Counted in the store before the check, so servers sharing it count each try once.
        const tries = await countAttempt(c.get("store").db, `mobile-code:${ticket.order}`, {
          limit: CODE_ATTEMPTS,
          windowSeconds: MAX_WINDOW_SECONDS,
        });
        if (!tries.allowed) return { outcome: "failed", failure: "AUTHENTICATION_FAILED" };
        return (form.get("code") ?? "").trim() === oneTimeCode(secret, ticket.order)
          ? { outcome: "succeeded", method: { brand: "GCash" } }
          : { again: t("mobileCodeWrong") };
      }
      case "pix":
        return { outcome: "succeeded", method: { brand: "Pix" } };
    }
  };

  const post = async (c: Context<PlatformEnv>) => {
    const form = (await readForm(c.req.raw)) ?? new Map<string, string>();
    const signed = form.get("ticket") ?? "";
    const secret = await c.get("mediaSecret")();
    const now = new Date();
    const ticket = signed ? readTicket(secret, signed, now) : null;
    if (!ticket) return expired(c);
    c.header("Cache-Control", "no-store");
    const decision = await decide(c, ticket, form, secret);
    if ("again" in decision) {
      return PAGES[ticket.flow]({
        c,
        ticket,
        signed,
        secret,
        error: decision.again,
        card: decision.card,
      });
    }
    const verdict = sandboxVerdict(secret, ticket, decision.outcome, now, decision);
    // The notification goes first, as a provider's usually does; the return confirms again.
    const notified = await deliver(notificationPath(ticket.provider), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ signed: verdict.notification }),
    });
    if (!notified.ok) {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "payment notification refused",
          status: notified.status,
        }),
      );
    }
    const back = new URL(ticket.returnUrl, "http://same-origin.invalid");
    back.searchParams.set("order", ticket.order);
    back.searchParams.set("redirect_status", decision.outcome);
    back.searchParams.set("result", verdict.result);
    const href = `${back.pathname}${back.search}`;
    if (ticket.flow === "pix") {
      // A banking app is on the viewer's phone: it says it paid, and the checkout notices.
      return viewerPage(c, (t) => ({
        title: t("pixBankPaid"),
        body: `<p role="status">${escapeXml(t("pixBankPaidText", { merchant: ticket.merchant }))}</p><p><a href="${escapeXml(href)}">${escapeXml(t("sandboxBackTo", { merchant: ticket.merchant }))}</a></p>`,
      }));
    }
    return c.redirect(href, 303);
  };

  for (const path of ["/challenge", "/pay"]) {
    routes.get(path, show);
    routes.post(path, post);
  }
  return routes;
}
