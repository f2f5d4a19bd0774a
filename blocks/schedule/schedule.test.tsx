// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { definition } from "./index.tsx";
import { eventStatus, groupByDay, scheduleWindow } from "./window.ts";
import type { BlockOf } from "../types.ts";
import {
  context,
  EVENTS,
  MemoryContent,
  mount,
  NOW,
  Providers,
  serverDom,
  type Mounted,
} from "../../tests/unit/blocks/fixtures.tsx";

type ScheduleBlock = BlockOf<"schedule">;

const config = (extra: Partial<ScheduleBlock> = {}): ScheduleBlock => ({
  id: "schedule",
  type: "schedule",
  ...extra,
});

describe("schedule window and statuses", () => {
  it("spans whole UTC days: pastDays back and days ahead, today included", () => {
    expect(scheduleWindow(NOW, 7, 1)).toEqual({
      from: new Date("2025-03-13T00:00:00Z"),
      to: new Date("2025-03-21T00:00:00Z"),
    });
    expect(scheduleWindow(NOW, 1, 0)).toEqual({
      from: new Date("2025-03-14T00:00:00Z"),
      to: new Date("2025-03-15T00:00:00Z"),
    });
  });

  it("says live now, upcoming or replay", () => {
    expect(eventStatus(EVENTS[1]!, NOW)).toBe("live");
    expect(eventStatus(EVENTS[2]!, NOW)).toBe("upcoming");
    expect(eventStatus(EVENTS[0]!, NOW)).toBe("replay");
  });

  it("groups by the calendar day of a time zone", () => {
    const events = [EVENTS[0]!, EVENTS[1]!, EVENTS[2]!, EVENTS[3]!];
    const days = (timeZone: string) =>
      groupByDay(events, timeZone).map((g) => [g.day, g.events.map((e) => e.id)]);
    expect(days("UTC")).toEqual([
      ["2025-03-13", [101]],
      ["2025-03-14", [102, 103]],
      ["2025-03-15", [104]],
    ]);
    expect(days("Asia/Tokyo")).toEqual([
      ["2025-03-13", [101]],
      ["2025-03-14", [102]],
      ["2025-03-15", [103]],
      ["2025-03-16", [104]],
    ]);
  });
});

describe("schedule resolve", () => {
  it("asks for up to 200 events and keeps those in the window, by start", async () => {
    const content = new MemoryContent();
    const data = await definition.resolve(config(), context(content));
    expect(content.calls[0]!.args).toEqual([{ kind: "events" }, { page: 1, rpp: 200 }]);
    expect(data.events.map((e) => e.id)).toEqual([101, 102, 103, 104]);
    expect(data.now).toBe(NOW.toISOString());
    const today = await definition.resolve(config({ days: 1, pastDays: 0 }), context());
    expect(today.events.map((e) => e.id)).toEqual([102, 103]);
  });
});

describe("schedule rendering", () => {
  const previousTz = process.env.TZ;
  let mounted: Mounted | undefined;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    process.env.TZ = previousTz;
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
  });

  const read = (root: HTMLElement) =>
    [...root.querySelectorAll(".schedule-day")].map((day) => ({
      day: day.querySelector("h3 time")!.getAttribute("datetime"),
      label: day.querySelector("h3")!.textContent,
      items: [...day.querySelectorAll("li")].map((li) => [
        li.querySelector(".schedule-time")!.textContent!.replace(/\s/g, " "),
        li.querySelector("a")!.textContent,
        li.querySelector(".schedule-status")!.textContent,
      ]),
    }));

  it("renders UTC days on the server, with a heading per day and a status per event", async () => {
    const data = await definition.resolve(config(), context());
    const dom = serverDom(<definition.Component config={config()} data={data} />);
    expect(dom.querySelector("h2")!.textContent).toBe("Schedule");
    expect(read(dom)).toEqual([
      {
        day: "2025-03-13",
        label: "Thursday, March 13",
        items: [["1:30 PM", "Championship Night: Silva vs. Costa", "Replay"]],
      },
      {
        day: "2025-03-14",
        label: "Friday, March 14",
        items: [
          ["2:30 PM", "Fight Night Lisbon", "Live now"],
          ["9:30 PM", "Road to the Title: Semi-finals", "Upcoming"],
        ],
      },
      {
        day: "2025-03-15",
        label: "Saturday, March 15",
        items: [["9:30 PM", "Grand Prix Final", "Upcoming"]],
      },
    ]);
    const time = dom.querySelector("li time")!;
    expect(time.getAttribute("datetime")).toBe(EVENTS[0]!.startDate);
    expect(dom.querySelector("li a")!.getAttribute("href")).toBe("/realm/arena/live/101");
  });

  it("regroups by the viewer's own days in the browser", async () => {
    const data = await definition.resolve(config({ title: "This week" }), context());
    mounted = await mount(
      <definition.Component config={config({ title: "This week" })} data={data} />,
    );
    expect(mounted.container.querySelector("h2")!.textContent).toBe("This week");
    expect(read(mounted.container).map((d) => [d.day, d.items.map((i) => i[0])])).toEqual([
      ["2025-03-13", ["10:30 PM"]],
      ["2025-03-14", ["11:30 PM"]],
      ["2025-03-15", ["6:30 AM"]],
      ["2025-03-16", ["6:30 AM"]],
    ]);
  });

  it("hydrates the server's UTC markup without a mismatch, then shows the viewer's days", async () => {
    const data = await definition.resolve(config(), context());
    const app = (
      <Providers>
        <definition.Component config={config()} data={data} />
      </Providers>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(app);
    document.body.append(container);
    expect(read(container)).toHaveLength(3);
    const onRecoverableError = vi.fn();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () => hydrateRoot(container, app, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(read(container)).toHaveLength(4);
    act(() => root.unmount());
    container.remove();
  });

  it("says so when nothing is scheduled", () => {
    const dom = serverDom(
      <definition.Component config={config()} data={{ events: [], now: NOW.toISOString() }} />,
    );
    expect(dom.textContent).toContain("No events in this period.");
  });
});
