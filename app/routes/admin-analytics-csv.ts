import { adminAnalyticsCsvLoader } from "../admin/analytics/analytics.server.ts";

/** `/admin/analytics.csv`: the dashboard's figures as a CSV download, for admins. */
export const loader = adminAnalyticsCsvLoader;
