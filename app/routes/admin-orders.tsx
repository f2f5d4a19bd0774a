import { adminOrdersAction, adminOrdersLoader } from "../admin/orders.server.ts";
import { AdminOrdersScreen } from "../admin/AdminOrdersScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";

/** `/admin/orders`: the realm's payments, for its admins (refunds start here). */
export const loader = adminOrdersLoader;
export const action = adminOrdersAction;
export const links = identityLinks;
export const meta = identityMeta("adminOrdersTitle");
export default AdminOrdersScreen;
