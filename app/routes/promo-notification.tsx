import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dismissPromoAction, promoNotificationLoader } from "../notices/promo.server.ts";

/** JSON for the promo notification card: the one to show (GET) and its dismissal (POST). */
export const loader = (args: LoaderFunctionArgs) => promoNotificationLoader(args);
export const action = (args: ActionFunctionArgs) => dismissPromoAction(args);
