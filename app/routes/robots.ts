import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsResponse } from "../seo/seo-files.server.ts";

/** `/robots.txt`, per realm (app/seo/seo-files.server.ts). */
export const loader = (args: LoaderFunctionArgs) => robotsResponse(args);
