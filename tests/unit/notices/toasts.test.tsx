// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "../../../app/feedback/Toasts.tsx";
import type { FlashToast } from "../../../app/feedback/toast.ts";
import { createI18n } from "../../../app/i18n/i18n.ts";

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast({ level: "error", message: "Could not save" })}>
      go
    </button>
  );
}

async function mountToasts(flash: FlashToast | null = null) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n("en")}>
        <ToastProvider flash={flash}>
          <Trigger />
        </ToastProvider>
      </I18nextProvider>,
    );
  });
  return {
    texts: () => [...document.querySelectorAll(".toast-message")].map((n) => n.textContent),
    click: () => act(async () => container.querySelector("button")!.click()),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a client toast, then closes it after LONG + 300 ms for an error", async () => {
    const toasts = await mountToasts();
    await toasts.click();
    expect(toasts.texts()).toEqual(["Could not save"]);
    const root = document.querySelector(".toast")!;
    expect(root.className).toContain("toast-error");
    await advance(3200);
    expect(toasts.texts()).toEqual(["Could not save"]);
    await advance(400);
    expect(toasts.texts()).toEqual([]);
    toasts.unmount();
  });

  it("shows the page's flash toast in the viewer's language, for SHORT + 300 ms", async () => {
    const toasts = await mountToasts({
      id: "f1",
      level: "success",
      label: "cookiePolicySaved",
      duration: "SHORT",
    });
    expect(toasts.texts()).toEqual(["Thanks, your cookie choice is saved."]);
    await advance(1700);
    expect(toasts.texts()).toHaveLength(1);
    await advance(400);
    expect(toasts.texts()).toEqual([]);
    toasts.unmount();
  });
});
