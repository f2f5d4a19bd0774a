import { Hono, type Context } from "hono";
import type {
  ExternalAuthorization,
  ExternalAuthorizationRequest,
  ExternalSignInRequest,
} from "../../contract/generated/external-sign-in.ts";
import { externalOidcProvider } from "../../contract/external-sign-in.ts";
import { ExternalAccountRefused, externalAccount } from "../identity/external-accounts.ts";
import {
  authorizationRequest,
  completeAuthorization,
  ExternalSignInError,
} from "../identity/external-oidc.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson } from "./contract.ts";
import { ApiError } from "./errors.ts";
import { assertCanSignIn, settingsOf, signIn } from "./identity/shared.ts";

/**
 * Sign-in at the realm's external OpenID provider (realm settings, an OIDC authentication
 * provider with `issuer`): `POST /v4/oidc/external/authorization` starts it, `POST
 * /v4/oidc/external/session` completes it with a session in this realm. The web app keeps the
 * start's state, nonce and verifier in the viewer's session cookie in between.
 */
export const externalSignIn = new Hono<PlatformEnv>();

function providerOf(c: Context<PlatformEnv>) {
  const provider = externalOidcProvider(settingsOf(c));
  if (!provider) {
    throw new ApiError(
      404,
      "EXTERNAL_SIGN_IN_NOT_CONFIGURED",
      "This realm is not bound to an external OpenID provider",
    );
  }
  return provider;
}

/** The provider's failures as answers; what went wrong is logged, not told to the browser. */
function refusal(c: Context<PlatformEnv>, error: unknown): never {
  if (error instanceof ExternalAccountRefused) {
    throw new ApiError(409, error.code, "The provider's person has no account here to sign in to");
  }
  if (!(error instanceof ExternalSignInError)) throw error;
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "external sign-in failed",
      realm: c.get("realm").name,
      kind: error.kind,
      error: error.message,
      requestId: c.get("requestId"),
    }),
  );
  if (error.kind === "refused") {
    throw new ApiError(400, "EXTERNAL_SIGN_IN_REFUSED", "The provider's answer was refused");
  }
  throw new ApiError(
    503,
    "EXTERNAL_SIGN_IN_UNAVAILABLE",
    "The realm's external provider cannot be used right now",
  );
}

externalSignIn.post("/external/authorization", async (c) => {
  const input = (await readJson(c.req.raw)) as ExternalAuthorizationRequest;
  const provider = providerOf(c);
  let answer: ExternalAuthorization;
  try {
    answer = await authorizationRequest(provider, input.redirectUri);
  } catch (error) {
    refusal(c, error);
  }
  c.header("Cache-Control", "no-store");
  return c.json(answer);
});

externalSignIn.post("/external/session", async (c) => {
  const input = (await readJson(c.req.raw)) as ExternalSignInRequest;
  const provider = providerOf(c);
  try {
    const identity = await completeAuthorization(provider, input);
    const user = await externalAccount(
      c.get("store").db,
      c.get("realm").name,
      identity,
      c.get("locale"),
    );
    assertCanSignIn(user);
    return await signIn(c, user);
  } catch (error) {
    refusal(c, error);
  }
});
