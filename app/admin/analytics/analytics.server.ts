import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { AnalyticsSummary } from "../../../contract/generated/analytics.ts";
import { PlatformError } from "../../api-client/client.ts";
import { platformClient } from "../../api-client/platform.server.ts";
import { requireAdmin } from "../admin.server.ts";
import { summaryCsv } from "./csv.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The realm's analytics summary for the `from`/`to` of the URL (the platform's default range
 * without them). A range the platform refuses falls back to the default, flagged, so the page
 * says why it shows other days.
 */
async function loadSummary(
  args: LoaderFunctionArgs,
): Promise<{ summary: AnalyticsSummary; rangeInvalid: boolean }> {
  const { realm, shell, viewer } = await requireAdmin(args);
  const url = new URL(args.request.url);
  const platform = platformClient(args.context, {
    realm,
    locale: shell.locale,
    token: viewer.token,
  });
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const asked = { from: DATE.test(from) ? from : undefined, to: DATE.test(to) ? to : undefined };
  let rangeInvalid = (from !== "" && !asked.from) || (to !== "" && !asked.to);
  if (!rangeInvalid) {
    try {
      return { summary: await platform.call("analyticsSummary", { query: asked }), rangeInvalid };
    } catch (error) {
      if (!(error instanceof PlatformError) || error.code !== "INVALID_QUERY") throw error;
      rangeInvalid = true;
    }
  }
  return { summary: await platform.call("analyticsSummary", {}), rangeInvalid };
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/** `/admin/analytics?from=&to=`: the dashboard, for the realm's admins. */
export async function adminAnalyticsLoader(args: LoaderFunctionArgs) {
  return data(await loadSummary(args), { headers: NO_STORE });
}

/** `/admin/analytics.csv?from=&to=`: the dashboard's figures as CSV. */
export async function adminAnalyticsCsvLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { summary } = await loadSummary(args);
  return new Response(summaryCsv(summary), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${summary.from}-${summary.to}.csv"`,
    },
  });
}
