import type { LoaderFunctionArgs } from "@remix-run/node";
import { playbackGrantLoader } from "../player/playback.server.ts";

/** JSON for the player: a fresh playback grant, or why there is none. */
export const loader = (args: LoaderFunctionArgs) => playbackGrantLoader(args);
