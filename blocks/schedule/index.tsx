import type { BlockOf } from "../types.ts";
import type { BlockDefinition } from "../types.ts";
import { Schedule, type ScheduleData } from "./Schedule.tsx";
import { inWindow, scheduleWindow } from "./window.ts";
import { ScheduleSkeleton } from "../../app/ui/skeletons.tsx";
import { schemaDefaults } from "../defaults.ts";
import schema from "./schema.json";

/** The block's config as rendered: its texts already in the viewer's language. */
type ScheduleBlock = BlockOf<"schedule">;

const defaults = schemaDefaults(schema);

export type { ScheduleData } from "./Schedule.tsx";

/** Spec §9: one request of up to 200 events covers the window. */
const SCHEDULE_EVENTS = 200;

export const definition: BlockDefinition<ScheduleBlock, ScheduleData> = {
  type: "schedule",
  async resolve(config, ctx) {
    const result = await ctx.content.list({ kind: "events" }, { page: 1, rpp: SCHEDULE_EVENTS });
    const window = scheduleWindow(
      ctx.now,
      config.days ?? defaults.days,
      config.pastDays ?? defaults.pastDays,
    );
    return { events: inWindow(result.hits, window), now: ctx.now.toISOString() };
  },
  Component: Schedule,
  Skeleton: ({ config }) => <ScheduleSkeleton title={config.title} />,
};
