import { identityLinks, identityMeta } from "../identity/meta.ts";
import { guardOnly, requestPasswordAction } from "../identity/recovery.server.ts";
import { RequestPasswordScreen } from "../identity/ui/RecoveryScreens.tsx";

export const loader = guardOnly;
export const action = requestPasswordAction;
export const links = identityLinks;
export const meta = identityMeta("forgotPassword");
export default RequestPasswordScreen;
