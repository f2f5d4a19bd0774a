import type { ActionFunctionArgs } from "@remix-run/node";
import { forwardReport } from "../realm/forward-report.server.ts";

/**
 * `POST /analytics`: the page's analytics batches (fetch, or a beacon as the page goes), handed
 * to the platform's ingest as this realm and device; its verdict (202, or 400/413/429 which the
 * page's batcher drops or retries; 503 when unreachable, so the page keeps the batch).
 */
export function analyticsAction(args: ActionFunctionArgs): Promise<Response> {
  return forwardReport(args, "analyticsEvents");
}
