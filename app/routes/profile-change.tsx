import type { ActionFunctionArgs } from "@remix-run/node";
import { profileChangeAction } from "../account/profiles.server.ts";

/** The form's action; see `profileChangeAction`. */
export const action = (args: ActionFunctionArgs) => profileChangeAction(args);
