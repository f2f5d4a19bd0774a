import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import {
  allowedCountries,
  formProblems,
  normalFieldValue,
  orderedFields,
  signupProvider,
} from "../../contract/signup-fields.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { realmLicences } from "../realm/shell.server.ts";
import { partitionChoices } from "../realm/partitions.ts";
import { firstProblem } from "./credentials.ts";
import { consentInput } from "./signup-consents.ts";
import {
  afterSignIn,
  identityCall,
  type FormOutcome,
  type SessionTokens,
} from "./session-actions.server.ts";
import { readForm } from "../realm/form-body.server.ts";
import { edgeCountry, pricedFor } from "../checkout/viewer-prices.server.ts";

const SIGNED_IN = new Set(["CUSTOMER", "ADMIN"]);

/** The sign-up form as the realm's authentication provider defines it (spec section 3). */
export async function signupLoader(args: LoaderFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const { basePath, shell, viewer } = realmRequest;
  const from = new URL(args.request.url).searchParams.get("from");
  if (SIGNED_IN.has(viewer.role)) throw redirect(afterSignIn(realmRequest, from).split("#")[0]!);
  const settings = shell.settings as RealmSettings;
  // What the realm sells, for realms that show it beside the form (`showLicencesOnSignup`).
  const licences = settings.showLicencesOnSignup
    ? pricedFor(
        await realmLicences(args.request, args.context, realmRequest.realm, viewer),
        edgeCountry(args.context),
      )
    : [];
  return data(
    {
      from,
      licences,
      ...signupFormOf(settings, shell.locale),
      loginHref: routeHref(basePath, { name: "login", query: from ? { from } : undefined }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * What the realm's sign-up form asks, wherever it is shown (the sign-up page, the checkout's
 * account step): the provider's fields, the consent questions and the partitions.
 */
export function signupFormOf(settings: RealmSettings, locale: string) {
  return {
    consents: signupConsentFields(settings),
    // The PARTITIONS step: where the viewer watches from (partitioned realms only).
    partitions: partitionChoices(settings, locale),
    fields: orderedFields(signupProvider(settings)).map((field) => ({
      ...field,
      countries: field.type === "country" ? allowedCountries(field) : undefined,
    })),
  };
}

export type SignupForm = ReturnType<typeof signupFormOf>;

/** The consent questions of the sign-up form (realms with `signupWithConsent`). */
function signupConsentFields(settings: RealmSettings) {
  if (!settings.signupWithConsent) return [];
  return (settings.consentFields ?? []).map(({ fieldName, required, label, linkUrl }) => ({
    fieldName,
    required,
    label,
    linkUrl: linkUrl ?? null,
  }));
}

/** Sign-up: checked here with the platform's own rules, then by the platform. */
export async function signupAction(args: ActionFunctionArgs): Promise<FormOutcome | Response> {
  const realmRequest = await requireRealmRequest(args);
  const { basePath } = realmRequest;
  const form = await readForm(args.request);
  return submitSignup(args, realmRequest, form, {
    // An account waiting for its emailed confirmation is not signed in yet (spec section 6:
    // the confirmation page is for signed-out viewers).
    keep: (tokens) => !tokens.lacksConfirmation,
    to: (tokens) =>
      tokens.lacksConfirmation
        ? routeHref(basePath, { name: "emailConfirmation", query: { sent: "1" } })
        : afterSignIn(realmRequest, form.get("from")),
  });
}

/**
 * Creates the account a sign-up form asks for (the sign-up page's, the checkout's account
 * step's), with the realm's fields, consents, partition and challenge, and signs it in; where it
 * goes then, and whether an unconfirmed account keeps its session, is the caller's to say.
 */
export async function submitSignup(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  realmRequest: RealmRequest,
  form: FormData,
  after: {
    to: (tokens: SessionTokens) => string;
    keep: (tokens: SessionTokens) => boolean;
  },
): Promise<FormOutcome | Response> {
  const { shell } = realmRequest;
  const provider = signupProvider(shell.settings as RealmSettings);
  const values: Record<string, string> = {};
  for (const field of orderedFields(provider)) {
    values[field.id] = normalFieldValue(field, String(form.get(field.id) ?? ""));
  }
  const problems = formProblems(provider, values);
  const consents = signupConsentFields(shell.settings as RealmSettings);
  for (const consent of consents) {
    if (consent.required && form.get(consentInput(consent.fieldName)) !== "true") {
      problems[consent.fieldName] ??= "requiredField";
    }
  }
  const { password: _password, ...typed } = values;
  if (Object.keys(problems).length > 0) {
    return { status: "error", label: firstProblem(problems)!, fields: problems, values: typed };
  }
  const pbr = provider?.name === "PBR";
  const { email = "", password = "", ...rest } = values;
  const fields = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== "")
      // The PBR provider's variant names the address country `country` (spec section 7).
      .map(([id, value]) => [pbr && id === "countryCode" ? "country" : id, value]),
  );
  const partitions = partitionChoices(shell.settings as RealmSettings, shell.locale);
  const chosen = partitions.find((p) => p.id === form.get("partitionId"));
  if (partitions.length > 0 && !chosen) {
    return {
      status: "error",
      label: "partitionRequired",
      fields: { partitionId: "partitionRequired" },
      values: typed,
    };
  }
  const challengeInput = form.get("challengeInput");
  return identityCall(
    args,
    realmRequest,
    pbr ? "/v2/user/pbr" : "/v2/user",
    {
      email,
      secret: password,
      ...fields,
      ...(consents.length > 0
        ? {
            consentAnswers: consents.map(({ fieldName }) => ({
              promptField: fieldName,
              answer: form.get(consentInput(fieldName)) === "true",
            })),
          }
        : {}),
      ...(chosen ? { partitionData: { partitionId: chosen.id } } : {}),
    },
    {
      values: { ...typed, ...(chosen ? { partitionId: chosen.id } : {}) },
      challengeInput:
        typeof challengeInput === "string" && challengeInput ? challengeInput : undefined,
      ...after,
    },
  );
}
