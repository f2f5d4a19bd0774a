import { identityLinks, identityMeta } from "../identity/meta.ts";
import { emailConfirmationLoader } from "../identity/recovery.server.ts";
import { EmailConfirmationScreen } from "../identity/ui/RecoveryScreens.tsx";

export const loader = emailConfirmationLoader;
export const links = identityLinks;
export const meta = identityMeta("confirmYourEmail");
export default EmailConfirmationScreen;
