import { identityLinks, identityMeta } from "../identity/meta.ts";
import { activateLoader, activateAction } from "../identity/recovery.server.ts";
import { ActivateScreen } from "../identity/ui/RecoveryScreens.tsx";

export const loader = activateLoader;
export const action = activateAction;
export const links = identityLinks;
export const meta = identityMeta("activateAccount");
export default ActivateScreen;
