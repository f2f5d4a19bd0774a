import { adminErrorsLoader } from "../errors/client-errors.server.ts";
import { AdminErrorsScreen } from "../errors/AdminErrorsScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";

/** `/admin/errors`: the errors viewers' browsers met, for the realm's admins. */
export const loader = adminErrorsLoader;
export const links = identityLinks;
export const meta = identityMeta("adminErrorsTitle");
export default AdminErrorsScreen;
