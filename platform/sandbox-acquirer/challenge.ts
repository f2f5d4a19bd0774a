import { Hono } from "hono";
import type { Context } from "hono";
import type { PlatformEnv } from "../api/context.ts";
import { decimalString } from "../commerce/money.ts";
import { SANDBOX_PURPOSE, sandboxVerdict } from "../commerce/payment-adapters.ts";
import { verifyPayment, type ChallengeTicket } from "../commerce/payment-signatures.ts";
import { translatorFor } from "../i18n/i18n.ts";
import { escapeXml } from "../seed/artwork.ts";
import { readForm } from "./form.ts";

/** Sends a request into the platform's own API, as the acquirer's servers would over HTTP. */
export type Deliver = (path: string, init: RequestInit) => Promise<Response>;

const LANGUAGES = ["en", "pt", "es"];

/** The viewer's language among those the sandbox speaks (its page is no realm's). */
function languageOf(c: Context<PlatformEnv>): string {
  for (const part of (c.req.header("Accept-Language") ?? "").split(",")) {
    const primary = part.trim().split(/[-;_]/)[0]?.toLowerCase();
    if (primary && LANGUAGES.includes(primary)) return primary;
  }
  return "en";
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
 * The sandbox acquirer's 3-D Secure-style challenge, on our own origin: a page of its own,
 * opened with a signed ticket, where the viewer completes or fails authentication. Either way
 * the acquirer tells the platform server to server (a signed notification), then sends the
 * browser back to the checkout's return URL with `order`, `redirect_status` and the signed
 * `result`. Plain forms, no script: it works without JavaScript and under any CSP.
 */
export function sandboxAcquirer(deliver: Deliver) {
  const routes = new Hono<PlatformEnv>();

  const readTicket = async (c: Context<PlatformEnv>, signed: string | undefined) =>
    signed
      ? verifyPayment<ChallengeTicket>(
          await c.get("mediaSecret")(),
          SANDBOX_PURPOSE.ticket,
          signed,
          Date.now() / 1000,
        )
      : null;

  const expired = (c: Context<PlatformEnv>) => {
    const language = languageOf(c);
    const t = translatorFor(language);
    return c.html(
      page(language, t("challengeTitle"), `<p>${escapeXml(t("challengeExpired"))}</p>`),
      400,
    );
  };

  routes.get("/challenge", async (c) => {
    const signed = c.req.query("ticket");
    const ticket = await readTicket(c, signed);
    if (!ticket) return expired(c);
    const language = languageOf(c);
    const t = translatorFor(language);
    const amount = `${decimalString(ticket)} ${ticket.currency}`;
    const form = (decision: string, label: string) =>
      `<form method="post"><input type="hidden" name="ticket" value="${escapeXml(signed!)}"><input type="hidden" name="decision" value="${decision}"><button type="submit">${escapeXml(label)}</button></form>`;
    c.header("Cache-Control", "no-store");
    return c.html(
      page(
        language,
        t("challengeTitle"),
        `<p>${escapeXml(t("challengeText", { amount }))}</p>${form("complete", t("challengeComplete"))}${form("fail", t("challengeFail"))}`,
      ),
    );
  });

  routes.post("/challenge", async (c) => {
    const form = (await readForm(c.req.raw)) ?? new Map<string, string>();
    const ticket = await readTicket(c, form.get("ticket"));
    if (!ticket) return expired(c);
    const outcome = form.get("decision") === "complete" ? "succeeded" : "failed";
    const now = new Date();
    const verdict = sandboxVerdict(await c.get("mediaSecret")(), ticket, outcome, now);
    // The notification goes first, as an acquirer's usually does; the return confirms again.
    const notified = await deliver("/api/v4/payments/notifications/Cardstream", {
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
    back.searchParams.set("redirect_status", outcome);
    back.searchParams.set("result", verdict.result);
    return c.redirect(`${back.pathname}${back.search}`, 303);
  });

  return routes;
}
