import type { LabelKey, RealmWording } from "../i18n/i18n.ts";
import { translatorFor } from "../i18n/i18n.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Each kind of email and the labels (contract/locales) of its subject and body. */
const MAIL_LABELS = {
  confirmation: ["mailConfirmationSubject", "mailConfirmationBody"],
  "password-reset": ["mailPasswordResetSubject", "mailPasswordResetBody"],
  "magic-link": ["mailMagicLinkSubject", "mailMagicLinkBody"],
  "pin-reset": ["mailPinResetSubject", "mailPinResetBody"],
  receipt: ["mailReceiptSubject", "mailReceiptBody"],
  gift: ["mailGiftSubject", "mailGiftBody"],
  "renewal-declined": ["mailRenewalDeclinedSubject", "mailRenewalDeclinedBody"],
  "renewal-ended": ["mailRenewalEndedSubject", "mailRenewalEndedBody"],
} as const satisfies Record<string, readonly [LabelKey, LabelKey]>;

export type MailKind = keyof typeof MAIL_LABELS;

/**
 * Mail text in the viewer's language (its primary subtag), English when we have none; a realm's
 * own wording of these labels (realm.json `labels`) replaces ours.
 */
export function mailText(
  kind: MailKind,
  locale: string | undefined,
  values: Record<string, string | number>,
  realm?: RealmWording,
): { subject: string; body: string } {
  const translate = translatorFor(locale, realm);
  const [subject, body] = MAIL_LABELS[kind];
  return { subject: translate(subject, values), body: translate(body, values) };
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
