import type { ScheduleBlock } from "../../schemas/generated/blocks-schedule.ts";
import type { BlockDefinition } from "../types.ts";
import { Schedule, type ScheduleData } from "./Schedule.tsx";
import {
  inWindow,
  SCHEDULE_DEFAULT_DAYS,
  SCHEDULE_DEFAULT_PAST_DAYS,
  scheduleWindow,
} from "./window.ts";

export type { ScheduleData } from "./Schedule.tsx";

/** Spec §9: one request of up to 200 events covers the window. */
const SCHEDULE_EVENTS = 200;

export const scheduleBlock: BlockDefinition<ScheduleBlock, ScheduleData> = {
  type: "schedule",
  async resolve(config, ctx) {
    const result = await ctx.content.list({ kind: "events" }, { page: 1, rpp: SCHEDULE_EVENTS });
    const window = scheduleWindow(
      ctx.now,
      config.days ?? SCHEDULE_DEFAULT_DAYS,
      config.pastDays ?? SCHEDULE_DEFAULT_PAST_DAYS,
    );
    return { events: inWindow(result.hits, window), now: ctx.now.toISOString() };
  },
  Component: Schedule,
};
