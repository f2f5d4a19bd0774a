import { adminUsersAction, adminUsersLoader } from "../admin/users.server.ts";
import { AdminUsersScreen } from "../admin/AdminUsersScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";

/** `/admin/users`: the realm's accounts, for its admins (impersonation starts here). */
export const loader = adminUsersLoader;
export const action = adminUsersAction;
export const links = identityLinks;
export const meta = identityMeta("adminUsersTitle");
export default AdminUsersScreen;
