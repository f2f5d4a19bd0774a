import { workbenchEditorAction, workbenchEditorLoader } from "../workbench/workbench.server.ts";
import { WorkbenchEditorScreen } from "../workbench/WorkbenchEditorScreen.tsx";
import { workbenchLinks } from "../workbench/meta.ts";
import { autosaveShouldRevalidate } from "../workbench/autosave.ts";
import { identityMeta } from "../identity/meta.ts";

/** `/admin/content/{target}/{key}`: one document's editor, for the realm's admins. */
export const loader = workbenchEditorLoader;
export const action = workbenchEditorAction;
export const shouldRevalidate = autosaveShouldRevalidate;
export const links = workbenchLinks;
export const meta = identityMeta("workbenchTitle");
export default WorkbenchEditorScreen;
