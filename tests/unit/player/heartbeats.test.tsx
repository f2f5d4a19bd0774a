// @vitest-environment happy-dom
import { act, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useHeartbeats, type HeartbeatOptions } from "../../../app/player/heartbeats.ts";
import type { PlaybackRefusal } from "../../../app/player/playback-errors.ts";
import { mount } from "./render.tsx";

type Grant = HeartbeatOptions["grant"];
const position = { current: 42 };
/** The hook's `finish` of the latest render. */
let finish: () => Promise<void> = () => Promise.reject(new Error("not rendered"));

function Probe(props: Omit<HeartbeatOptions, "videoRef" | "positionRef">) {
  const videoRef = useRef<HTMLVideoElement>(null);
  finish = useHeartbeats({ ...props, videoRef, positionRef: position });
  return <video ref={videoRef} />;
}

function setUp({ live = false, grant = { sessionId: "s1", heartbeatSeconds: 10 } as Grant } = {}) {
  const view = mount();
  const send = vi.fn<HeartbeatOptions["send"]>(async () => null);
  const end = vi.fn<HeartbeatOptions["end"]>(async () => undefined);
  const onRefused = vi.fn<HeartbeatOptions["onRefused"]>();
  const render = (next: Grant = grant) =>
    view.render(<Probe grant={next} live={live} send={send} end={end} onRefused={onRefused} />);
  const video = () => view.container.querySelector("video")!;
  const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
  return { view, send, end, onRefused, render, video, advance };
}

describe("heartbeats", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    position.current = 42;
  });
  afterEach(() => vi.useRealTimers());

  it("go at the grant's interval while playing, and once on pause", async () => {
    const { view, send, render, video, advance } = setUp();
    await render();
    await advance(30_000);
    expect(send).not.toHaveBeenCalled();

    await act(() => video().play());
    await advance(9_999);
    expect(send).not.toHaveBeenCalled();
    await advance(1);
    expect(send).toHaveBeenCalledWith("s1", 42);
    position.current = 61;
    await advance(10_000);
    expect(send.mock.calls).toEqual([
      ["s1", 42],
      ["s1", 61],
    ]);

    position.current = 64;
    act(() => video().pause());
    expect(send).toHaveBeenLastCalledWith("s1", 64);
    await advance(30_000);
    expect(send).toHaveBeenCalledTimes(3);
    view.unmount();
  });

  it("go after a seek while a video is paused, not on a live stream", async () => {
    const vod = setUp();
    await vod.render();
    act(() => void vod.video().dispatchEvent(new Event("seeked")));
    expect(vod.send).toHaveBeenCalledWith("s1", 42);
    vod.view.unmount();

    const live = setUp({ live: true });
    await live.render();
    act(() => void live.video().dispatchEvent(new Event("seeked")));
    expect(live.send).not.toHaveBeenCalled();
    live.view.unmount();
  });

  it("hand on the platform's refusal", async () => {
    const refusal: PlaybackRefusal = { error: "otherDevice", code: "OTHER_DEVICE" };
    const { view, send, onRefused, render, video } = setUp();
    send.mockResolvedValueOnce(null).mockResolvedValueOnce(refusal);
    await render();
    await act(async () => void video().dispatchEvent(new Event("pause")));
    expect(onRefused).not.toHaveBeenCalled();
    await act(async () => void video().dispatchEvent(new Event("pause")));
    expect(onRefused).toHaveBeenCalledWith(refusal);
    view.unmount();
  });

  it("end the session where the viewer is when the page goes, and with a new grant, once each", async () => {
    const { view, send, end, render, video, advance } = setUp();
    await render();
    position.current = 70;
    act(() => void window.dispatchEvent(new Event("pagehide")));
    expect(end).toHaveBeenCalledWith("s1", 70, "beacon");

    await act(() => video().play());
    await render({ sessionId: "s2", heartbeatSeconds: 5 });
    // s1 had ended as the page went: the new grant does not end it again.
    expect(end).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(send).toHaveBeenCalledWith("s2", 70);

    position.current = 80;
    view.unmount();
    expect(end).toHaveBeenLastCalledWith("s2", 80, "beacon");
    expect(end).toHaveBeenCalledTimes(2);
    await advance(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("finish: ends the session now and waits for it; leaving afterwards sends nothing more", async () => {
    const { view, end, render } = setUp();
    await render();
    position.current = 90;
    let kept = false;
    end.mockImplementationOnce(async () => {
      await Promise.resolve();
      kept = true;
    });
    await act(() => finish());
    expect(kept).toBe(true);
    expect(end).toHaveBeenCalledWith("s1", 90, "wait");
    await act(() => finish());
    act(() => void window.dispatchEvent(new Event("pagehide")));
    view.unmount();
    expect(end).toHaveBeenCalledTimes(1);
  });
});
