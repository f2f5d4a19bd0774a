import type { ActionFunctionArgs } from "@remix-run/node";
import { noticeChoiceAction } from "../notices/actions.server.ts";

/** The banners' choices (cookie policy agreed, app banner dismissed); see the action. */
export const action = (args: ActionFunctionArgs) => noticeChoiceAction(args);
