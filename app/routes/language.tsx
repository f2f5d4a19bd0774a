import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { supportedLanguage } from "../i18n/detect.ts";
import { languageCookies } from "../i18n/language-cookie.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { saveLanguageToAccount } from "../i18n/account-language.server.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { readForm } from "../realm/form-body.server.ts";

/** `POST /language`: saves the viewer's language for this realm, then back to the page. */
export async function action(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  const { shell, basePath } = found;
  const form = await readForm(args.request);
  const chosen = form.get("language");
  const language =
    typeof chosen === "string" ? supportedLanguage(chosen, shell.realm.languages) : undefined;
  if (!language) throw data(null, { status: 400 });
  await saveLanguageToAccount(args, found, language);
  const headers = new Headers();
  for (const cookie of languageCookies(language, basePath, args.context.session.secure)) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(safeRedirectPath(form.get("from"), basePath || "/"), { headers });
}

/** Only a form posts here; a visit is a visit to a page that does not exist. */
export function loader() {
  throw data(null, { status: 404 });
}
