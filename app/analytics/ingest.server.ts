import type { ActionFunctionArgs } from "@remix-run/node";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { deviceIdOf } from "../notices/cookies.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";

/**
 * `POST /analytics`: the page's analytics batches (fetch, or a beacon as the page goes), handed
 * to the platform's ingest as this realm and device. The platform's verdict is the answer: 202,
 * or its 400/413/429 (which the page's batcher drops or retries); an unreachable platform is
 * a 503, so the page keeps the batch. Events of a session that has ended meanwhile (the last
 * batch of a tab left open past sign-out elsewhere) are still counted, as nobody's.
 */
export async function analyticsAction(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST") {
    return jsonAnswer({ code: "METHOD_NOT_ALLOWED" }, 405);
  }
  let batch: unknown;
  try {
    batch = JSON.parse(await args.request.text());
  } catch {
    return jsonAnswer({ code: "MALFORMED_JSON" }, 400);
  }
  const { realm, viewer } = await requireRealmRequest(args);
  const device = await deviceIdOf(args.request, args.context);
  // As the viewer: the platform files the events under the session's account, not the page's word.
  const upload = (token: string | undefined) =>
    platformClient(args.context, { realm, deviceId: device.deviceId, token }).call(
      "analyticsEvents",
      { body: batch as AnalyticsBatch },
    );
  try {
    try {
      await upload(viewer.token);
    } catch (error) {
      const ended = error instanceof PlatformError && error.status === 401 && viewer.token;
      if (!ended) throw error;
      await upload(undefined);
    }
    return jsonAnswer(null, 202, device.setCookie);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
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
