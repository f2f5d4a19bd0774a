import type { RealmWording } from "../i18n/i18n.ts";
import type { Db } from "../store/store.ts";
import { mailText, queueMail, webLink } from "./mail.ts";
import { issueOneTimeToken } from "./one-time-tokens.ts";
import type { UserRow } from "./sessions.ts";

export const PIN_RESET_TTL_MINUTES = 60;

/**
 * Mails `user` a single-use code to choose a new parental PIN, as a link to the web app's
 * confirm page (`/pin-reset/confirm?code=`) and as text; valid for an hour.
 */
export async function requestPinReset(
  db: Db,
  realm: RealmWording & { fullName: string },
  user: UserRow,
  locale: string,
  publicUrl: string,
): Promise<void> {
  const code = await issueOneTimeToken(db, "pin-reset", {
    realm: realm.name,
    userId: user.id,
    ttlSeconds: PIN_RESET_TTL_MINUTES * 60,
  });
  const link = webLink(
    publicUrl,
    realm.name,
    `/pin-reset/confirm?code=${encodeURIComponent(code)}`,
  );
  const text = mailText(
    "pin-reset",
    locale,
    {
      realm: realm.fullName,
      link,
      code,
      minutes: PIN_RESET_TTL_MINUTES,
    },
    realm,
  );
  await queueMail(db, {
    realm: realm.name,
    recipient: user.contactEmail ?? user.email,
    kind: "pin-reset",
    ...text,
  });
}
