import type { LoaderFunctionArgs } from "@remix-run/node";
import { listMembershipLoader } from "../lists/membership.server.ts";

/** Which of the viewer's lists hold the page's cards, fetched by the page after it loads. */
export const loader = (args: LoaderFunctionArgs) => listMembershipLoader(args);
