import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ConsentPrompt } from "../../contract/generated/consent-prompt.ts";
import type { ParentalControl } from "../../contract/generated/parental-control.ts";
import type { ProfileList } from "../../contract/generated/profiles.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { PlatformError, type PlatformClient } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import type { PlaybackChoices } from "./playback-choices.ts";
import { isFresh, readChecks, writeChecks, type AccountChecks } from "./checks.server.ts";
import { missingInformationForm, type DetailFormField } from "./missing-information.ts";

/** What the realm frame shows about the signed-in account: its profiles and what to ask. */
export interface AccountState {
  /** The account's profiles, when the realm has them. */
  profiles: ProfileList | null;
  /** The consent questions, when a required one has no answer (spec section 4, Consent). */
  consent: ConsentPrompt["fields"] | null;
  /** The missing-information form, when required details are missing (spec section 4). */
  missingInformation: DetailFormField[] | null;
  /** What the preferences dialog shows, while it is open (`?preferences`) for an adult. */
  preferences: {
    parental: ParentalControl;
    marketing: ConsentPrompt["fields"];
    playback: PlaybackChoices;
  } | null;
}

const NOTHING: AccountState = {
  profiles: null,
  consent: null,
  missingInformation: null,
  preferences: null,
};

/** The query flag that opens the preferences dialog over the current page (spec section 2). */
export const PREFERENCES_FLAG = "preferences";

/**
 * Parental control, marketing and playback preferences: the preferences dialog's and the
 * account page's.
 */
export async function preferencesOf(client: PlatformClient, settings: RealmSettings) {
  const [parental, marketing, playback] = await Promise.all([
    client.call("parentalControl"),
    client.call("marketingPreferences"),
    client.call("playbackPreferences"),
  ]);
  return {
    parental,
    marketing: marketing.fields,
    playback: { values: playback, languages: settings.audioSubtitleLanguages ?? [] },
  };
}

/** A call whose failure leaves the page as it would be without it (logged, never thrown). */
async function quietly<T>(call: () => Promise<T>, what: string): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: `${what} failed`, error: String(error) }));
    return null;
  }
}

async function consentToAsk(client: PlatformClient) {
  const prompt = await client.call("consentPrompt");
  return prompt.fields.some((f) => f.required && f.answer === null) ? prompt.fields : [];
}

export async function detailsToAsk(client: PlatformClient, settings: RealmSettings) {
  let missing: string[];
  try {
    await client.get("/v2/user/missing-information", { auth: true });
    return [];
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code !== "MISSING_INFORMATION") throw error;
    const fields = error.details?.missingFields;
    missing = Array.isArray(fields) ? fields.map(String) : [];
  }
  const details = await client.call("userDetails");
  return missingInformationForm(settings, missing, details);
}

/**
 * The account state of a signed-in customer or admin, and the cookie remembering which checks
 * came back clean (so they are not repeated on every page). Child profiles and impersonating
 * admins are not asked.
 */
export async function loadAccountState(
  { request, context }: LoaderFunctionArgs,
  found: RealmRequest | null,
): Promise<{ state: AccountState | null; setCookie?: string }> {
  // The sign-out page asks nothing else: a pending question must not stand in the way out.
  if (
    !found ||
    (found.viewer.role !== "CUSTOMER" && found.viewer.role !== "ADMIN") ||
    found.route.name === "logout"
  ) {
    return { state: null };
  }
  const { viewer, realm, basePath, shell } = found;
  const settings = shell.settings as RealmSettings;
  const client = platformClient(context, { realm, locale: shell.locale, token: viewer.token });
  const path = basePath || "/";
  const checks = await readChecks(request, context, path, viewer.userId ?? "");
  const next: AccountChecks = { ...checks };
  // Consent and details are the account holder's to give: not a child's, nor an admin's acting
  // as them (whose way out, the overlay, a modal prompt would also cover).
  const askAdult = !viewer.child && !viewer.impersonatorId;

  const wantsPreferences = new URL(request.url).searchParams.has(PREFERENCES_FLAG);
  const [profiles, consent, missing, preferences] = await Promise.all([
    (settings.profileConfiguration?.status ?? "NONE") === "CONFIGURED"
      ? quietly(() => client.call("profiles"), "profiles")
      : null,
    askAdult && (settings.consentFields?.length ?? 0) > 0 && !isFresh(checks.consentAt)
      ? quietly(() => consentToAsk(client), "consent check")
      : [],
    askAdult && !isFresh(checks.detailsAt)
      ? quietly(() => detailsToAsk(client, settings), "missing-information check")
      : [],
    askAdult && wantsPreferences
      ? quietly(() => preferencesOf(client, settings), "preferences")
      : null,
  ]);
  // Skipped checks prove nothing: only an asked, clean answer is remembered.
  if (askAdult && consent?.length === 0 && !isFresh(checks.consentAt)) next.consentAt = Date.now();
  if (askAdult && missing?.length === 0 && !isFresh(checks.detailsAt)) next.detailsAt = Date.now();
  const changed = next.consentAt !== checks.consentAt || next.detailsAt !== checks.detailsAt;
  return {
    state: {
      ...NOTHING,
      profiles,
      consent: consent?.length ? consent : null,
      missingInformation: missing?.length ? missing : null,
      preferences,
    },
    setCookie: changed ? await writeChecks(context, path, next) : undefined,
  };
}
