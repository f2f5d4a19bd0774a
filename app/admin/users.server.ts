import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { authErrorLabel } from "../identity/auth-errors.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { pageParam, requireAdmin } from "./admin.server.ts";
import { readForm } from "../realm/form-body.server.ts";

const PAGE_SIZE = 20;

const IMPERSONATION_ERRORS: Record<string, string> = {
  FORBIDDEN: "cannotImpersonateAdmin",
  ACCOUNT_INACTIVE: "cannotImpersonateInactive",
};

/** `/admin/users?q=&p=`: the realm's accounts, found by email or name. */
export async function adminUsersLoader(args: LoaderFunctionArgs) {
  const { realm, shell, viewer, basePath } = await requireAdmin(args);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const page = pageParam(url);
  const users = await platformClient(args.context, {
    realm,
    locale: shell.locale,
    token: viewer.token,
  }).call("adminUsers", {
    query: { q: q || undefined, p: page, rpp: PAGE_SIZE },
  });
  return data(
    {
      q,
      users,
      outboxHref: routeHref(basePath, { name: "adminOutbox" }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** "Impersonate": a token from the platform, then the impersonation page with it. */
export async function adminUsersAction(args: ActionFunctionArgs) {
  const { realm, shell, viewer, basePath } = await requireAdmin(args);
  const form = await readForm(args.request);
  const userId = String(form.get("userId") ?? "");
  if (!/^\d+$/.test(userId)) return { error: "anErrorOccured" };
  try {
    const { token } = await platformClient(args.context, {
      realm,
      locale: shell.locale,
      token: viewer.token,
    }).post<{ token: string }>(`/v2/admin/user/${userId}/impersonation`, undefined, {
      auth: true,
    });
    const to = routeHref(basePath, { name: "impersonate", query: { token } });
    return redirect(safeRedirectPath(to), 303);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { error: IMPERSONATION_ERRORS[error.code] ?? authErrorLabel(error) };
  }
}
