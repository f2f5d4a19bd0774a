import { identityLinks, identityMeta } from "../identity/meta.ts";
import { signupAction, signupLoader } from "../identity/signup.server.ts";
import { SignupScreen } from "../identity/ui/SignupScreen.tsx";

/** `/signup`: self-registration (only in realms that take it). */
export const loader = signupLoader;
export const action = signupAction;
export const links = identityLinks;
export const meta = identityMeta("signUp");
export default SignupScreen;
