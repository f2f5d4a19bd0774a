import { Hono } from "hono";
import type { PlatformEnv } from "../context.ts";
import { requireJsonBody } from "../contract.ts";

import { accountSecurityRoutes } from "./account-security.ts";
import { confirmationRoutes } from "./confirmation.ts";
import { magicLinkRoutes } from "./magic-link.ts";
import { passwordChangeRoutes } from "./password-change.ts";
import { passwordResetRoutes } from "./password-reset.ts";
import { pendingActivationRoutes } from "./pending-activation.ts";
import { sessionRoutes } from "./sessions.ts";
import { signInRoutes } from "./sign-in.ts";
import { signUpRoutes } from "./sign-up.ts";

/** Sign-in, sign-up, sessions and account recovery (spec sections 4, 5 and 7). */
export const identity = new Hono<PlatformEnv>();

for (const path of [
  "/login",
  "/login/*",
  "/user",
  "/user/pbr",
  "/token/refresh",
  "/logout",
  "/confirmation-token/*",
  "/password/*",
  "/user/password",
  "/user/delete",
  "/pendingactivationuser/*",
]) {
  identity.use(path, requireJsonBody);
}

for (const flow of [
  signInRoutes,
  signUpRoutes,
  sessionRoutes,
  confirmationRoutes,
  passwordResetRoutes,
  passwordChangeRoutes,
  accountSecurityRoutes,
  magicLinkRoutes,
  pendingActivationRoutes,
]) {
  identity.route("/", flow);
}

export { body, publicUrl, verifyCredentials } from "./shared.ts";
