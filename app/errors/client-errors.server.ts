import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ClientErrorBatch } from "../../contract/generated/client-errors.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireAdmin } from "../admin/admin.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";

/**
 * `POST client-errors`: where a realm's pages send their error reports (JSON, as the platform's
 * `POST /client-errors` takes them), passed on with the viewer's device and address.
 */
export async function clientErrorsAction(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST") return jsonAnswer(null, 405);
  const { realm, shell } = await requireRealmRequest(args);
  let batch: ClientErrorBatch;
  try {
    batch = JSON.parse(await args.request.text()) as ClientErrorBatch;
  } catch {
    return jsonAnswer({ status: 400, code: "INVALID_JSON" }, 400);
  }
  try {
    const accepted = await platformClient(args.context, { realm, locale: shell.locale }).call(
      "reportClientErrors",
      { body: batch },
    );
    return jsonAnswer(accepted, 202);
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      return jsonAnswer({ status: error.status, code: error.code }, error.status);
    }
    throw error;
  }
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
