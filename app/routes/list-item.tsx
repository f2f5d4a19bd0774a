import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listItemAction, listItemLoader } from "../lists/list-item.server.ts";

/** The add/remove-to-list form's action, and where sign-in returns to finish a pending add. */
export const action = (args: ActionFunctionArgs) => listItemAction(args);
export const loader = (args: LoaderFunctionArgs) => listItemLoader(args);
