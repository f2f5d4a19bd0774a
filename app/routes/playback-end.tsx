import type { ActionFunctionArgs } from "@remix-run/node";
import { endAction } from "../player/playback.server.ts";

/** The player's goodbye beacon: keep the position, free the stream's place. */
export const action = (args: ActionFunctionArgs) => endAction(args);
