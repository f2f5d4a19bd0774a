// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlayerEvents } from "../../../app/player/events.ts";
import { useKeyboardShortcuts } from "../../../app/player/keyboard-shortcuts.ts";
import type { PlayerAction } from "../../../app/player/shortcuts.ts";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { VideoPlayer } from "../../../app/player/VideoPlayer.tsx";
import type { PlaybackGrant } from "../../../contract/generated/playback.ts";
import { mount, press } from "./render.tsx";

function Region({ run }: { run(action: PlayerAction): void }) {
  const onKeyDown = useKeyboardShortcuts(run);
  return (
    <div role="region" tabIndex={-1} onKeyDown={onKeyDown}>
      <button type="button">Play</button>
      <input type="range" aria-label="Seek" />
      <div role="menuitemradio" aria-checked="false" tabIndex={-1}>
        720p
      </div>
    </div>
  );
}

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function renderRegion() {
  const run = vi.fn<(action: PlayerAction) => void>();
  view = mount();
  await view.render(<Region run={run} />);
  const find = (selector: string) => view!.container.querySelector(selector)!;
  return { run, view, region: find('[role="region"]'), find };
}

describe("the player's keyboard shortcuts", () => {
  it("toggle playback with k and space, mute with m and seek with the arrows", async () => {
    const { run, region } = await renderRegion();
    const pressed = ["k", " ", "m", "m", "ArrowRight", "ArrowLeft"].map((key) =>
      press(region, key),
    );
    expect(run.mock.calls.map(([action]) => action)).toEqual([
      { type: "togglePlay" },
      { type: "togglePlay" },
      { type: "toggleMute" },
      { type: "toggleMute" },
      { type: "seekBy", seconds: 5 },
      { type: "seekBy", seconds: -5 },
    ]);
    expect(pressed.every((event) => event.defaultPrevented)).toBe(true);
  });

  it("leave keys with a modifier and keys they do not know to the browser", async () => {
    const { run, region } = await renderRegion();
    expect(press(region, "k", { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(region, "x").defaultPrevented).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it("leave a slider its arrows and space, and a button its space and enter", async () => {
    const { run, find } = await renderRegion();
    const slider = find('input[type="range"]');
    const button = find("button");
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "Home", " "]) press(slider, key);
    for (const key of [" ", "Enter"]) press(button, key);
    expect(run).not.toHaveBeenCalled();
    press(slider, "m");
    press(button, "k");
    expect(run.mock.calls.map(([action]) => action)).toEqual([
      { type: "toggleMute" },
      { type: "togglePlay" },
    ]);
  });

  it("are ignored while a menu of the player has focus", async () => {
    const { run, find } = await renderRegion();
    const item = find('[role="menuitemradio"]');
    for (const key of ["k", " ", "m", "ArrowDown", "Enter"]) press(item, key);
    expect(run).not.toHaveBeenCalled();
  });

  it("reach the player from the page while nothing has focus, except keys that scroll it", async () => {
    const { run, view } = await renderRegion();
    expect(press(document.body, "k").defaultPrevented).toBe(true);
    for (const key of [" ", "ArrowDown", "End"]) press(document.body, key);
    expect(run.mock.calls.map(([action]) => action)).toEqual([{ type: "togglePlay" }]);

    const elsewhere = document.createElement("input");
    document.body.append(elsewhere);
    press(elsewhere, "k");
    elsewhere.remove();
    expect(run).toHaveBeenCalledTimes(1);

    view.unmount();
    press(document.body, "k");
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("act on the player as it is now", async () => {
    const { run: first, view } = await renderRegion();
    const second = vi.fn();
    await view.render(<Region run={second} />);
    press(document.body, "m");
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ type: "toggleMute" });
  });
});

describe("the player's shortcuts on its video", () => {
  // The session's end goes out as the player unmounts; the platform's stand-in takes it.
  let platform: Server;
  let origin = "";
  const ended: string[] = [];
  beforeAll(async () => {
    platform = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        if (request.method === "POST") ended.push(`${request.url} ${body}`);
        response
          .writeHead(204, {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": "POST",
            "Access-Control-Allow-Headers": "*",
          })
          .end();
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => platform.close(() => resolve())));

  const grant: PlaybackGrant = {
    kind: "vod",
    id: 1,
    url: "/media/v1/master.m3u8",
    sessionId: "session-1",
    expiresAt: "2030-01-01T00:00:00Z",
    live: false,
    dvrWindowSeconds: null,
    position: null,
    heartbeatSeconds: 30,
  };

  it("mute relative to the video's current state, and seek from where the viewer is", async () => {
    view = mount();
    // The player holds navigations until the session has ended: it lives in a data router.
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <VideoPlayer
            grant={grant}
            routes={{
              grant: `${origin}/grant`,
              heartbeat: `${origin}/heartbeat`,
              end: `${origin}/end`,
            }}
            title="Final"
            events={new PlayerEvents()}
            onFatal={() => undefined}
          />
        ),
      },
    ]);
    await view.render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
    const region = view.container.querySelector('[role="region"]')!;
    const video = view.container.querySelector("video")!;
    video.muted = true;
    press(region, "m");
    expect(video.muted).toBe(false);
    press(region, "m");
    expect(video.muted).toBe(true);

    press(region, "l");
    press(region, "ArrowRight");
    expect(video.currentTime).toBe(15);
    press(region, "j");
    expect(video.currentTime).toBe(5);

    view.unmount();
    view = undefined;
    await vi.waitFor(() => expect(ended).toHaveLength(1));
    expect(ended[0]).toMatch(/^\/end .*session-1.*\b5\b/s);
  });
});
