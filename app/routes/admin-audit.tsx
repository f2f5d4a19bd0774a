import { workbenchAuditLoader } from "../workbench/workbench.server.ts";
import { WorkbenchAuditScreen } from "../workbench/WorkbenchAuditScreen.tsx";
import { workbenchLinks } from "../workbench/meta.ts";
import { identityMeta } from "../identity/meta.ts";

/** `/admin/audit`: who published or restored which document, when and why. */
export const loader = workbenchAuditLoader;
export const links = workbenchLinks;
export const meta = identityMeta("workbenchAuditTitle");
export default WorkbenchAuditScreen;
