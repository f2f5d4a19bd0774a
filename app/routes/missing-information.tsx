import type { ActionFunctionArgs } from "@remix-run/node";
import { missingInformationAction } from "../account/missing-information.server.ts";

/** The form's action; see `missingInformationAction`. */
export const action = (args: ActionFunctionArgs) => missingInformationAction(args);
