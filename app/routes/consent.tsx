import type { ActionFunctionArgs } from "@remix-run/node";
import { consentAction } from "../account/consent.server.ts";

/** The form's action; see `consentAction`. */
export const action = (args: ActionFunctionArgs) => consentAction(args);
