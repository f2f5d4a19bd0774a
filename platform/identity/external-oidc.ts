import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import type { ExternalOidcProvider } from "../../contract/external-sign-in.ts";
import { createCache } from "../../contract/lru-cache.ts";

/**
 * The platform as an OpenID Connect relying party of a realm's external provider: discovery,
 * an authorization-code request with PKCE, state and nonce, and the code exchanged for an ID
 * token whose signature, issuer, audience, expiry and nonce are all checked. oauth4webapi does
 * the protocol; jose checks the signature against the provider's published keys.
 */

/** Why an external sign-in did not complete: the provider refused, or could not be reached. */
export class ExternalSignInError extends Error {
  override name = "ExternalSignInError";
  constructor(
    message: string,
    readonly kind: "refused" | "unavailable" | "misconfigured",
  ) {
    super(message);
  }
}

/** What the provider says about the person who signed in there. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const PROVIDER_TIMEOUT_MS = 10_000;
const SCOPE = "openid email profile";

interface Discovered {
  as: oauth.AuthorizationServer;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

// Providers change their documents rarely; an hour keeps a key rotation from going unseen long
// (jose re-reads the key set itself when a token names a key it does not know).
const discovered = createCache<string, Promise<Discovered>>({ max: 100, ttlMs: 60 * 60_000 });

/** HTTP only for a provider on this machine; the realm schema allows nothing else. */
const transport = (issuer: URL) => ({
  signal: () => AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  ...(issuer.protocol === "http:" ? { [oauth.allowInsecureRequests]: true } : {}),
});

async function discover(provider: ExternalOidcProvider): Promise<Discovered> {
  const issuer = new URL(provider.issuer);
  const load = async (): Promise<Discovered> => {
    let as: oauth.AuthorizationServer;
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm: "oidc",
        ...transport(issuer),
      });
      as = await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      throw new ExternalSignInError(`discovery of ${issuer.href} failed: ${error}`, "unavailable");
    }
    if (!as.jwks_uri || !as.authorization_endpoint || !as.token_endpoint) {
      throw new ExternalSignInError(`${issuer.href} names no keys or endpoints`, "misconfigured");
    }
    const keys = createRemoteJWKSet(new URL(as.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    return { as, keys };
  };
  // A failed discovery is dropped by the cache: asked again next time, not kept for the hour.
  return discovered.getOrLoad(issuer.href, load);
}

/** Where to send the browser, and what to keep until it comes back. */
export async function authorizationRequest(provider: ExternalOidcProvider, redirectUri: string) {
  const { as } = await discover(provider);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  // Set on top of the endpoint's own query: some providers name a policy or tenant there.
  const asked = {
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(asked)) url.searchParams.set(name, value);
  return { authorizationUrl: url.toString(), state, nonce, codeVerifier };
}

/**
 * The client authentication the realm is set up for: its secret (read from the environment
 * variable the config names, never from the config) the way the provider takes it, else none.
 */
function clientAuthentication(
  provider: ExternalOidcProvider,
  as: oauth.AuthorizationServer,
  env: Record<string, string | undefined>,
): oauth.ClientAuth {
  if (!provider.clientSecretEnv) return oauth.None();
  const secret = env[provider.clientSecretEnv];
  if (!secret) {
    throw new ExternalSignInError(
      `the environment variable ${provider.clientSecretEnv} holding the client secret is not set`,
      "misconfigured",
    );
  }
  const methods = as.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  return methods.includes("client_secret_basic")
    ? oauth.ClientSecretBasic(secret)
    : oauth.ClientSecretPost(secret);
}

export interface Callback {
  /** The redirect URI as the browser arrived on it (code, state, iss, or an error). */
  callbackUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * Completes the sign-in: the answer must be for this state (and from this issuer, where the
 * provider says so), the code is exchanged with the verifier, and the ID token must be signed by
 * the provider's keys, for this client, unexpired, and carry this sign-in's nonce.
 */
export async function completeAuthorization(
  provider: ExternalOidcProvider,
  callback: Callback,
  env: Record<string, string | undefined> = process.env,
): Promise<ExternalIdentity> {
  const { as, keys } = await discover(provider);
  const client: oauth.Client = { client_id: provider.clientId };
  const issuer = new URL(provider.issuer);
  let params: URLSearchParams;
  try {
    const returned = new URL(callback.callbackUrl);
    params = oauth.validateAuthResponse(as, client, returned.searchParams, callback.state);
  } catch (error) {
    throw new ExternalSignInError(`the provider's answer is refused: ${error}`, "refused");
  }
  const authentication = clientAuthentication(provider, as, env);
  let idToken: string;
  let claims: oauth.IDToken;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      authentication,
      params,
      callback.redirectUri,
      callback.codeVerifier,
      transport(issuer),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: callback.nonce,
      requireIdToken: true,
    });
    idToken = tokens.id_token!;
    claims = oauth.getValidatedIdTokenClaims(tokens)!;
  } catch (error) {
    const unreachable = error instanceof TypeError || (error as Error)?.name === "TimeoutError";
    throw new ExternalSignInError(
      `the code exchange failed: ${error}`,
      unreachable ? "unavailable" : "refused",
    );
  }
  let verified: JWTPayload;
  try {
    ({ payload: verified } = await jwtVerify(idToken, keys, {
      issuer: as.issuer,
      audience: provider.clientId,
    }));
  } catch (error) {
    throw new ExternalSignInError(`the ID token's signature is refused: ${error}`, "refused");
  }
  if (verified.sub !== claims.sub) {
    throw new ExternalSignInError("the ID token changed between checks", "refused");
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  return {
    issuer: as.issuer,
    subject: claims.sub,
    email: email || null,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : null,
  };
}
