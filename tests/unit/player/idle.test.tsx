// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_MS, useIdle } from "../../../app/player/idle.ts";
import { mount } from "./render.tsx";

let wake: () => void = () => undefined;
function Probe() {
  const idle = useIdle();
  wake = idle.wake;
  return <p>{idle.idle ? "idle" : "awake"}</p>;
}

describe("idle controls", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("go idle three seconds after the last movement, and wake with the next", async () => {
    const view = mount();
    const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
    await view.render(<Probe />);
    expect(IDLE_MS).toBe(3000);
    await advance(10_000);
    expect(view.container.textContent).toBe("awake");

    act(() => wake());
    await advance(2999);
    expect(view.container.textContent).toBe("awake");
    await advance(1);
    expect(view.container.textContent).toBe("idle");

    act(() => wake());
    expect(view.container.textContent).toBe("awake");
    await advance(2000);
    act(() => wake());
    await advance(2999);
    expect(view.container.textContent).toBe("awake");
    await advance(1);
    expect(view.container.textContent).toBe("idle");

    act(() => wake());
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
