import type { LoaderFunctionArgs } from "@remix-run/node";
import { watchTogetherEventsLoader } from "../watch-together/watch-together.server.ts";

/** A watch-together room's event stream, passed through from the platform. */
export const loader = (args: LoaderFunctionArgs) => watchTogetherEventsLoader(args);
