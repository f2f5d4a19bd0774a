import type { ActionFunctionArgs } from "@remix-run/node";
import { watchTogetherAct } from "../watch-together/watch-together.server.ts";

/** A watch-together room's commands (play, pause, seek, lock) and reactions. */
export const action = (args: ActionFunctionArgs) => watchTogetherAct(args);
