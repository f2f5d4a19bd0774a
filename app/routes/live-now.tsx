import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveNowLoader } from "../live-now/live-now.server.ts";

/** JSON for the live-now overlay (`#livenow`): the events live now. */
export const loader = (args: LoaderFunctionArgs) => liveNowLoader(args);
