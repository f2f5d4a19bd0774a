import { workbenchListAction, workbenchListLoader } from "../workbench/workbench.server.ts";
import { WorkbenchListScreen } from "../workbench/WorkbenchListScreen.tsx";
import { workbenchLinks } from "../workbench/meta.ts";
import { identityMeta } from "../identity/meta.ts";

/** `/admin/content`: the realm's config documents and their status, for its admins. */
export const loader = workbenchListLoader;
export const action = workbenchListAction;
export const links = workbenchLinks;
export const meta = identityMeta("workbenchTitle");
export default WorkbenchListScreen;
