import { adminAnalyticsLoader } from "../admin/analytics/analytics.server.ts";
import { AdminAnalyticsScreen } from "../admin/analytics/AdminAnalyticsScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";

/** `/admin/analytics`: the realm's analytics dashboard, for its admins. */
export const loader = adminAnalyticsLoader;
export const links = identityLinks;
export const meta = identityMeta("adminAnalyticsTitle");
export default AdminAnalyticsScreen;
