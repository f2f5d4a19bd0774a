// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { LiveNowListing, type Listing } from "../../../app/live-now/LiveNowListing.tsx";
import en from "../../../contract/locales/en.json";
import es from "../../../contract/locales/es.json";
import pt from "../../../contract/locales/pt.json";
import { click, EVENTS, markup, mount, serverDom } from "../blocks/fixtures.tsx";

const live = EVENTS.filter((event) => event.live);

const view = (listing: Listing, onRetry = () => {}) => (
  <LiveNowListing
    listing={listing}
    basePath="/realm/arena"
    locale="en"
    titleScale={1}
    onRetry={onRetry}
  />
);

describe("the live-now overlay's list", () => {
  it("says it is loading, in a status region", () => {
    const status = serverDom(view({ status: "loading" })).querySelector('[role="status"]')!;
    expect(status.textContent).toBe("Loading what's live…");
    expect(status.getAttribute("aria-busy")).toBe("true");
  });

  it("lists the live events as cards linking to their live pages, and says how many", () => {
    const dom = serverDom(
      view({ status: "ready", answer: { events: live, totalHits: live.length } }),
    );
    const links = [...dom.querySelectorAll("ul > li > a.card")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      live.map((event) => `/realm/arena/live/${event.id}`),
    );
    expect(dom.querySelector('[role="status"]')!.textContent).toBe("1 live event");
  });

  it("says when nothing is live, with no empty list", () => {
    const dom = serverDom(view({ status: "ready", answer: { events: [], totalHits: 0 } }));
    expect(dom.querySelector('[role="status"]')!.textContent).toBe(
      "Nothing is live right now. Come back when the next event starts.",
    );
    expect(dom.querySelector("ul")).toBeNull();
  });

  it("alerts a failure with a button to try again", async () => {
    let retried = 0;
    const mounted = await mount(view({ status: "error" }, () => (retried += 1)));
    const alert = mounted.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain("We couldn't load what's live right now.");
    await click(alert.querySelector("button"));
    expect(retried).toBe(1);
    mounted.unmount();
  });

  it("is worded in every language", () => {
    const keys = Object.keys(en).filter((key) => key.startsWith("liveNow"));
    expect(keys.length).toBeGreaterThan(3);
    for (const labels of [pt, es]) expect(keys.filter((key) => !(key in labels))).toEqual([]);
    expect(markup(view({ status: "loading" }), undefined, "pt")).toContain(
      "Carregando o que está ao vivo…",
    );
  });
});
