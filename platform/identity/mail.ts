import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import pt from "./locales/pt.json" with { type: "json" };

const texts = { en, pt, es };
export type MailKind = keyof typeof en;

/** Mail text in the viewer's language (its primary subtag), English when we have none. */
export function mailText(
  kind: MailKind,
  locale: string | undefined,
  values: Record<string, string | number>,
): { subject: string; body: string } {
  const language = (locale ?? "en").split(/[-_]/)[0]!.toLowerCase() as keyof typeof texts;
  const template = (texts[language] ?? texts.en)[kind];
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  return { subject: fill(template.subject), body: fill(template.body) };
}

/**
 * Queues an email. The outbox is the record: admins read it in the app, and when SMTP_URL is
 * set the sender delivers it (platform/identity/smtp.ts); a failed delivery stays queued.
 */
export async function queueMail(
  db: Db,
  mail: { realm: string; recipient: string; kind: MailKind; subject: string; body: string },
): Promise<void> {
  await db.insert(t.outbox).values(mail);
}

/** A page of the realm's web app, for links in emails: always the /realm/{name} form. */
export function webLink(publicUrl: string, realm: string, path: string): string {
  return new URL(`/realm/${realm}${path}`, publicUrl).toString();
}
