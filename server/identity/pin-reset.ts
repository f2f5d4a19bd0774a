import { eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { label } from "../i18n/labels.ts";
import { issueOneTimeToken } from "./one-time-tokens.ts";
import type { UserRow } from "./sessions.ts";

export const PIN_RESET_TTL_SECONDS = 3600;
const CONFIRM_PATH = "/pin-reset/confirm";

const isLocalHost = (host: string) =>
  host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";

/**
 * Where the emailed link points: the page the client named when it is the confirm page on one
 * of the realm's own domains (or a local development host), else the confirm page on the
 * realm's preferred domain, else nowhere (the email then carries the code alone). A client
 * cannot make the platform mail a link to a site of its choosing.
 */
export async function confirmPageOf(
  db: Db,
  realm: { name: string; settings: Record<string, unknown> },
  requested: unknown,
): Promise<string | null> {
  if (typeof requested === "string") {
    let url: URL | null = null;
    try {
      url = new URL(requested);
    } catch {
      url = null;
    }
    if (
      url &&
      /^https?:$/.test(url.protocol) &&
      url.pathname.endsWith(CONFIRM_PATH) &&
      !url.username &&
      !url.password
    ) {
      const domains = await db
        .select({ domain: t.realmDomains.domain })
        .from(t.realmDomains)
        .where(eq(t.realmDomains.realm, realm.name));
      const host = url.hostname.toLowerCase();
      if (isLocalHost(host) || domains.some((d) => d.domain === host)) {
        return `${url.origin}${url.pathname}`;
      }
    }
  }
  const preferred = realm.settings.preferredDomain;
  return typeof preferred === "string" ? `https://${preferred}${CONFIRM_PATH}` : null;
}

/**
 * Mails `user` a single-use code to choose a new parental PIN (valid for an hour), in the
 * outbox; the texts are the realm locale's labels.
 */
export async function requestPinReset(
  db: Db,
  realm: { name: string; fullName: string; settings: Record<string, unknown> },
  user: UserRow,
  locale: string,
  confirmPage: string | null,
): Promise<void> {
  const code = await issueOneTimeToken(db, "pin-reset", {
    realm: realm.name,
    userId: user.id,
    ttlSeconds: PIN_RESET_TTL_SECONDS,
  });
  const values = { realmName: realm.fullName, code };
  const body = confirmPage
    ? label(locale, "pinResetEmailBody", {
        ...values,
        link: `${confirmPage}?code=${encodeURIComponent(code)}`,
      })
    : label(locale, "pinResetEmailBodyCodeOnly", values);
  await db.insert(t.outbox).values({
    realm: realm.name,
    recipient: user.contactEmail ?? user.email,
    kind: "pin-reset",
    subject: label(locale, "pinResetEmailSubject", values),
    body,
  });
}
