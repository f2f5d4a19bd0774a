import type { ActionFunctionArgs } from "@remix-run/node";
import { heartbeatAction } from "../player/playback.server.ts";

/** The player's heartbeats, passed on to the platform with the viewer's session. */
export const action = (args: ActionFunctionArgs) => heartbeatAction(args);
