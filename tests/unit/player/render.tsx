import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "../../../app/i18n/i18n.ts";

export const i18n = createI18n("en");

/** Renders into a container in the document, in English. */
export function mount() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root: Root = createRoot(container);
  return {
    container,
    render: (node: ReactNode) =>
      act(async () => root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** A key press as the browser dispatches it: bubbling and cancelable. */
export function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
}
