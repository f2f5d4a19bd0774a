import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireAdmin } from "../admin/admin.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { forwardReport } from "../realm/forward-report.server.ts";

/**
 * `POST client-errors`: where a realm's pages send their error reports (JSON, as the platform's
 * `POST /client-errors` takes them), passed on with the viewer's device and address.
 */
export function clientErrorsAction(args: ActionFunctionArgs): Promise<Response> {
  return forwardReport(args, "reportClientErrors");
}

/** Nothing to show at the address: reports are posted. */
export function clientErrorsLoader(): Response {
  return jsonAnswer(null, 405);
}

/** `/admin/errors?from=&to=`: the realm's browser errors, grouped, for its admins. */
export async function adminErrorsLoader(args: LoaderFunctionArgs) {
  const { realm, shell, viewer } = await requireAdmin(args);
  const url = new URL(args.request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const client = platformClient(args.context, { realm, locale: shell.locale, token: viewer.token });
  const query = {
    ...(from ? { from } : {}),
    // A day picked as "to" means the whole of that day.
    ...(to ? { to: /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to } : {}),
  };
  let answer;
  let problem: string | null = null;
  try {
    answer = await client.call("clientErrors", { query });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status !== 400) throw error;
    // A range the platform refuses: the last 7 days instead, and say so.
    problem = "adminErrorsBadRange";
    answer = await client.call("clientErrors", {});
  }
  return data(
    { errors: answer, range: { from, to }, problem },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
