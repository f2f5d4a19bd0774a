import { adminOutboxLoader } from "../admin/outbox.server.ts";
import { AdminOutboxScreen } from "../admin/AdminOutboxScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";

/** `/admin/outbox`: the realm's outgoing email, for its admins. */
export const loader = adminOutboxLoader;
export const links = identityLinks;
export const meta = identityMeta("adminOutboxTitle");
export default AdminOutboxScreen;
