import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapResponse } from "../seo/seo-files.server.ts";

/** `/sitemap.xml`, per realm (app/seo/seo-files.server.ts). */
export const loader = (args: LoaderFunctionArgs) => sitemapResponse(args);
