import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readChecks, writeChecks } from "../account/checks.server.ts";
import { authErrorLabel } from "../identity/auth-errors.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { readForm } from "../realm/form-body.server.ts";

const SIGNED_IN = new Set(["CUSTOMER", "ADMIN"]);

const TV_ERRORS: Record<string, string> = {
  INVALID_TV_CODE: "tvCodeInvalid",
  EMPTY_INPUTS: "tvCodeRequired",
  FORBIDDEN: "tvCodeNotWhileImpersonating",
};

/** `/tv?code=`: a signed-in viewer enters the code their TV shows; others sign in first. */
export async function tvLoginLoader(args: LoaderFunctionArgs) {
  const { viewer, basePath } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  if (!SIGNED_IN.has(viewer.role)) {
    const from = `${realmRelativePath(basePath, url.pathname)}${url.search}`;
    throw redirect(safeRedirectPath(routeHref(basePath, { name: "login", query: { from } })));
  }
  return data(
    {
      code: url.searchParams.get("code") ?? "",
      activated: url.searchParams.has("activated"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Gives the viewer's account to the TV. Then the account's details are checked again on the
 * next page (spec section 4: the missing-information check runs once TV login was visited).
 */
export async function tvLoginAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { realm, shell, viewer, basePath } = await requireRealmRequest(args);
  if (!SIGNED_IN.has(viewer.role)) return { error: "sessionExpired", code: "" };
  const form = await readForm(request);
  const code = String(form.get("code") ?? "").trim();
  if (!code) return { error: "tvCodeRequired", code };
  try {
    await platformClient(context, { realm, locale: shell.locale, token: viewer.token }).post(
      "/v2/tv/activate",
      { code },
      { auth: true },
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { error: TV_ERRORS[error.code] ?? authErrorLabel(error), code };
  }
  const path = basePath || "/";
  const { detailsAt: _checked, ...checks } = await readChecks(
    request,
    context,
    path,
    viewer.userId ?? "",
  );
  const to = routeHref(basePath, { name: "tvLogin", query: { activated: "" } });
  return redirect(safeRedirectPath(to), {
    status: 303,
    headers: { "Set-Cookie": await writeChecks(context, path, checks) },
  });
}
