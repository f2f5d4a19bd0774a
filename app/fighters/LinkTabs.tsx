import { Link } from "@remix-run/react";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "../ui/client-state.tsx";
import { nextRovingIndex } from "../ui/roving.ts";

export interface LinkTab {
  id: string;
  label: string;
  href: string;
}

/**
 * Tabs whose choice lives in the address (WAI-ARIA tabs, manual activation): arrow keys, Home and
 * End move between tabs, Enter opens one. Each tab is a link, so without JavaScript they are
 * links in the tab order; once hydrated only the selected one is, as the pattern asks.
 */
export function LinkTabs({
  label,
  tabs,
  selected,
  panelId,
  children,
}: {
  label: string;
  tabs: LinkTab[];
  selected: string;
  panelId: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const next = nextRovingIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <>
      <div ref={list} role="tablist" aria-label={label} className="link-tabs">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <Link
              key={tab.id}
              id={`${panelId}-tab-${tab.id}`}
              role="tab"
              to={tab.href}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={hydrated && !isSelected ? -1 : undefined}
              preventScrollReset
              className="link-tab"
              onKeyDown={onKeyDown(index)}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-tab-${selected}`}
        className="link-tab-panel"
      >
        {children}
      </div>
    </>
  );
}
