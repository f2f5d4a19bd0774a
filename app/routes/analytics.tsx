import type { ActionFunctionArgs } from "@remix-run/node";
import { analyticsAction } from "../analytics/ingest.server.ts";

/** The page's analytics uploads, passed on to the platform's ingest. */
export const action = (args: ActionFunctionArgs) => analyticsAction(args);
