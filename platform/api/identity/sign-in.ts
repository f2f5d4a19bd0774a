import { Hono } from "hono";
import type { PlatformEnv } from "../context.ts";

import { body, signIn, verifyCredentials } from "./shared.ts";

/** `POST /login`: email and password. */
export const signInRoutes = new Hono<PlatformEnv>();

/** `POST /login` {id, secret}: email and password. */
signInRoutes.post("/login", async (c) => {
  const user = await verifyCredentials(c, await body(c));
  return signIn(c, user);
});
