/** The cookie that keeps a viewer's language choice, per realm (its path is the realm's base). */
export const LANGUAGE_COOKIE = "language";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The saved language in a Cookie header, when it holds a plausible language code. */
export function savedLanguage(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== LANGUAGE_COOKIE) continue;
    const code = value.join("=");
    if (CODE.test(code)) return code;
  }
  return undefined;
}

/** The Set-Cookie value that saves `language` for the realm served under `path`. */
export function saveLanguageCookie(language: string, path: string, secure: boolean): string {
  if (!CODE.test(language)) throw new Error(`'${language}' is not a language code`);
  return [
    `${LANGUAGE_COOKIE}=${language}`,
    `Path=${path}`,
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The Set-Cookie values that save `language` for the realm served under `basePath` ("" on the
 * realm's own domain). Under a base path, the realm root's data address (`/realm/liga.data`,
 * which the app fetches to re-render the landing page in place) lies outside the base path's
 * cookie path, so it gets the same choice under its own path.
 */
export function languageCookies(language: string, basePath: string, secure: boolean): string[] {
  if (!basePath) return [saveLanguageCookie(language, "/", secure)];
  return [
    saveLanguageCookie(language, basePath, secure),
    saveLanguageCookie(language, `${basePath}.data`, secure),
  ];
}
