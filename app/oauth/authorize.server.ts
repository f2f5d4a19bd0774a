import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { AUTH_ERROR_LABELS } from "../identity/auth-errors.ts";
import type { Challenge } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import type { FormOutcome } from "../identity/session-actions.server.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { NO_OAUTH_CODE_FOUND, oauthParams, oauthRedirectTarget } from "./oauth-redirect.ts";
import { readForm } from "../realm/form-body.server.ts";

/**
 * Spec section 8, "Authorize login": the platform's codes mapped to labels, anything else
 * GENERIC. A request the platform refuses as such (unknown app, unregistered redirect URI) is
 * not the viewer's doing: they are told to go back to the app.
 */
export const AUTHORIZE_ERROR_LABELS: Record<string, string> = {
  ...AUTH_ERROR_LABELS,
  UNKNOWN_CLIENT: "oauthRequestInvalid",
  INVALID_REDIRECT_URI: "oauthRequestInvalid",
  UNSUPPORTED_RESPONSE_TYPE: "oauthRequestInvalid",
  INVALID_CODE_CHALLENGE: "oauthRequestInvalid",
  [NO_OAUTH_CODE_FOUND]: "anErrorOccured",
};

const labelOf = (code: string) => AUTHORIZE_ERROR_LABELS[code] ?? AUTHORIZE_ERROR_LABELS.GENERIC!;

/**
 * The OIDC sign-in page (`/oidc/login`, spec section 8): a refused sign-in is `oidcSigninError`;
 * a request that is not valid as such is still told as one.
 */
export const oidcLabelOf = (code: string) => {
  const label = labelOf(code);
  return label === "oauthRequestInvalid" ? label : "oidcSigninError";
};

export async function authorizeLoader(args: LoaderFunctionArgs) {
  await requireRealmRequest(args);
  const params = oauthParams(new URL(args.request.url).searchParams);
  return data({ params }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Email and password for the OAuth code flow: the platform checks them (with the realm's
 * challenge) and answers the app's redirect URI with a code, where the browser goes next.
 */
export async function authorizeAction(
  args: ActionFunctionArgs,
  label: (code: string) => string = labelOf,
): Promise<FormOutcome | Response> {
  const { request, context } = args;
  const { realm, shell } = await requireRealmRequest(args);
  const form = await readForm(request);
  const params = oauthParams(form);
  if (!params) return { status: "error", label: "oauthRequestInvalid" };
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) {
    return {
      status: "error",
      label: "EmailPasswordCannotBeEmpty",
      fields: {
        ...(email ? {} : { email: "EmailPasswordCannotBeEmpty" }),
        ...(password ? {} : { password: "EmailPasswordCannotBeEmpty" }),
      },
      values: { email },
    };
  }
  const challengeInput = form.get("challengeInput");
  const platform = platformClient(context, { realm, locale: shell.locale });
  try {
    const answer = await platform.post<{ redirectUrl?: unknown }>(
      "/v4/oauth2-auth/code",
      { ...params, credentials: { id: email, secret: password } },
      {
        headers:
          typeof challengeInput === "string" && challengeInput
            ? { [HEADERS.challengeInput]: challengeInput }
            : {},
      },
    );
    const target = oauthRedirectTarget(answer.redirectUrl, params.redirect_uri);
    if (!target) return { status: "error", label: label(NO_OAUTH_CODE_FOUND), values: { email } };
    // A document load: the app's page is no route of this web app, even on this origin.
    return redirectDocument(target, 303);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const challenge = error.details?.challenge as Challenge | undefined;
    if (error.code === "CHALLENGE_REQUIRED" && challenge) return { status: "challenge", challenge };
    return {
      status: "error",
      label: label(error.code),
      ...(error.requestId ? { requestId: error.requestId } : {}),
      ...(challenge ? { challenge } : {}),
      values: { email },
    };
  }
}
