import type { ActionFunctionArgs } from "@remix-run/node";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
import type { ClientErrorBatch } from "../../contract/generated/client-errors.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { deviceIdOf } from "../notices/cookies.server.ts";
import { jsonAnswer } from "./json-answer.server.ts";
import { requireRealmRequest } from "./request.server.ts";

/** The platform's ingest endpoints that pages post reports to, as JSON, from fetch or a beacon. */
type ReportEndpoint = "analyticsEvents" | "reportClientErrors";

/**
 * A page's report (analytics batch, browser errors) handed to the platform's ingest as this
 * realm and device, so its per-device limits hold. The platform's verdict is the answer: 202
 * (with what it says back), or its 4xx with `Retry-After` where it gives one (the page's sender
 * drops or retries); an unreachable or failing platform is a 503, so the page keeps the report.
 */
export async function forwardReport(
  args: ActionFunctionArgs,
  endpoint: ReportEndpoint,
): Promise<Response> {
  if (args.request.method !== "POST") {
    return jsonAnswer({ code: "METHOD_NOT_ALLOWED" }, 405);
  }
  let body: unknown;
  try {
    body = JSON.parse(await args.request.text());
  } catch {
    return jsonAnswer({ code: "MALFORMED_JSON" }, 400);
  }
  const { realm, shell } = await requireRealmRequest(args);
  const device = await deviceIdOf(args.request, args.context);
  const platform = platformClient(args.context, {
    realm,
    locale: shell.locale,
    deviceId: device.deviceId,
  });
  try {
    // The platform checks the body against the contract; here it is only passed on.
    const accepted =
      endpoint === "analyticsEvents"
        ? await platform.call("analyticsEvents", { body: body as AnalyticsBatch })
        : await platform.call("reportClientErrors", { body: body as ClientErrorBatch });
    return jsonAnswer(accepted ?? null, 202, device.setCookie);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status >= 500) console.error(`${endpoint}: ${error.message}`);
    const status = error.status >= 400 && error.status < 500 ? error.status : 503;
    const answer = jsonAnswer(
      { code: error.code, messages: error.messages },
      status,
      device.setCookie,
    );
    const retryAfter = error.details?.retryAfterSeconds;
    if (typeof retryAfter === "number") answer.headers.set("Retry-After", String(retryAfter));
    return answer;
  }
}
