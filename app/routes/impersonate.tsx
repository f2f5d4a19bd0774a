import { identityLinks, identityMeta } from "../identity/meta.ts";
import { impersonateAction, impersonateLoader } from "../impersonation/impersonation.server.ts";
import { ImpersonateScreen } from "../impersonation/ImpersonateScreen.tsx";

/** `/impersonate?token=`: an admin acting as an account (spec sections 4 and 6). */
export const loader = impersonateLoader;
export const action = impersonateAction;
export const links = identityLinks;
export const meta = identityMeta("impersonateTitle");
export default ImpersonateScreen;
