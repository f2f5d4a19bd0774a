import type { ActionFunctionArgs } from "@remix-run/node";
import { preferencesAction } from "../account/preferences.server.ts";

/** The form's action; see `preferencesAction`. */
export const action = (args: ActionFunctionArgs) => preferencesAction(args);
