import { identityLinks, identityMeta } from "../identity/meta.ts";
import { resetPasswordLoader, resetPasswordAction } from "../identity/recovery.server.ts";
import { ResetPasswordScreen } from "../identity/ui/RecoveryScreens.tsx";

export const loader = resetPasswordLoader;
export const action = resetPasswordAction;
export const links = identityLinks;
export const meta = identityMeta("chooseNewPassword");
export default ResetPasswordScreen;
