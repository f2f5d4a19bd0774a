// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PENDING_DELAY_MS, useDelayedFlag } from "../../../app/feedback/pending.ts";

function Probe({ active }: { active: boolean }) {
  return <p>{useDelayedFlag(active) ? "shown" : "hidden"}</p>;
}

describe("useDelayedFlag", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows after the delay, hides at once, and waits the delay again next time", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement("div");
    const root = createRoot(container);
    const render = (active: boolean) => act(async () => root.render(<Probe active={active} />));
    const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
    expect(PENDING_DELAY_MS).toBe(150);
    await render(true);
    expect(container.textContent).toBe("hidden");
    await advance(149);
    expect(container.textContent).toBe("hidden");
    await advance(1);
    expect(container.textContent).toBe("shown");
    await render(false);
    expect(container.textContent).toBe("hidden");
    await advance(10);
    await render(true);
    expect(container.textContent).toBe("hidden");
    await advance(150);
    expect(container.textContent).toBe("shown");
    act(() => root.unmount());
  });
});
