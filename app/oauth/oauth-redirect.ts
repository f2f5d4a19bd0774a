/** The OAuth request parameters the `/authorize` and `/oidc/login` pages carry (spec section 3). */
export const OAUTH_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "code_challenge",
  "code_challenge_method",
  // OpenID Connect (the `/oidc/login` page): `openid` in the scope asks for an ID token.
  "scope",
  "nonce",
] as const;

/** The parameters a request may leave out. */
const OPTIONAL_PARAMS: ReadonlySet<string> = new Set(["state", "scope", "nonce"]);

export type OAuthParams = Record<(typeof OAUTH_PARAMS)[number], string>;

/** The answer that names no code to return with (spec section 8). */
export const NO_OAUTH_CODE_FOUND = "NO_OAUTH_CODE_FOUND";

/** The OAuth parameters of a query or a form; null when a required one is missing. */
export function oauthParams(source: { get(name: string): unknown }): OAuthParams | null {
  const values = Object.fromEntries(
    OAUTH_PARAMS.map((name) => {
      const value = source.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as OAuthParams;
  const required = OAUTH_PARAMS.filter((name) => !OPTIONAL_PARAMS.has(name));
  return required.every((name) => values[name] !== "") ? values : null;
}

/**
 * Where the browser goes after the platform issued a code: its `redirectUrl`, only when that is
 * the redirect URI the request named (which the platform matched, exactly, against the client's
 * registration) with the code added to its query. This is the one redirect of the web app that
 * leaves the site; anything else (another host, a scheme, a URL without a code) is refused.
 */
export function oauthRedirectTarget(redirectUrl: unknown, redirectUri: string): string | null {
  if (typeof redirectUrl !== "string" || !redirectUri) return null;
  let target: URL;
  let registered: URL;
  try {
    target = new URL(redirectUrl);
    registered = new URL(redirectUri);
  } catch {
    return null;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return null;
  const separator = registered.search ? "&" : "?";
  if (!redirectUrl.startsWith(`${redirectUri}${separator}`)) return null;
  if (target.origin !== registered.origin || target.pathname !== registered.pathname) return null;
  if (!target.searchParams.get("code")) return null;
  return target.toString();
}
