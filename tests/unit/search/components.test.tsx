// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_EVENT, type AppEvent } from "../../../app/analytics/app-events.ts";
import {
  initialSearchState,
  searchReducer,
  type SearchAction,
  type SearchState,
} from "../../../app/search/search-state.ts";
import SearchOverlay, {
  bucketLabel,
  SEARCH_DEBOUNCE_MS,
  shortcutHref,
} from "../../../app/search/SearchOverlay.tsx";
import {
  arrowTarget,
  ResultCards,
  SearchEmpty,
  SearchError,
  SearchStatus,
} from "../../../app/search/SearchResults.tsx";
import en from "../../../contract/locales/en.json";
import es from "../../../contract/locales/es.json";
import pt from "../../../contract/locales/pt.json";
import {
  EVENTS,
  flush,
  markup,
  mount,
  PLAYLIST,
  press,
  serverDom,
  video,
  VIDEOS,
} from "../blocks/fixtures.tsx";

const context = { basePath: "/realm/liga", locale: "en", titleScale: 1 };
const run = (actions: SearchAction[]): SearchState =>
  actions.reduce(searchReducer, initialSearchState);
const found = (totalHits: number, query = "okafor") =>
  run([
    { type: "newSearch", query, seq: 1 },
    {
      type: "resultsSet",
      seq: 1,
      answer: { hits: VIDEOS.slice(0, Math.min(12, totalHits)), page: 1, totalPages: 3, totalHits },
    },
  ]);

describe("search results", () => {
  it("are cards linking to their pages, titles with the matched words marked", () => {
    const hits = [video(7, "Atlético Serrano 2 x 1 Porto Real", 600), PLAYLIST];
    const dom = serverDom(<ResultCards hits={hits} query="atletico real" context={context} />);
    const links = [...dom.querySelectorAll("li.search-hit > a.card")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/realm/liga/vod/7",
      "/realm/liga/playlist/301",
    ]);
    expect([...links[0]!.querySelectorAll("mark")].map((m) => m.textContent)).toEqual([
      "Atlético",
      "Real",
    ]);
    // The accessible name is still the whole title.
    const title = dom.querySelector(`[id="${links[0]!.getAttribute("aria-labelledby")}"]`);
    expect(title?.textContent).toBe("Atlético Serrano 2 x 1 Porto Real");
  });

  it("say in a polite live region how many there are, for what", () => {
    const region = serverDom(<SearchStatus state={found(31)} />).querySelector('[role="status"]')!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("31 results for “okafor”");
    expect(serverDom(<SearchStatus state={found(1)} />).textContent).toBe("1 result for “okafor”");
  });

  it("say they are searching, found nothing or failed, and nothing before a search", () => {
    const text = (state: SearchState) => serverDom(<SearchStatus state={state} />).textContent;
    expect(text(run([{ type: "newSearch", query: "x", seq: 1 }]))).toBe("Searching…");
    expect(text(found(0, "zzz"))).toBe("No results for “zzz”");
    expect(
      text(
        run([
          { type: "newSearch", query: "x", seq: 1 },
          { type: "failed", seq: 1 },
        ]),
      ),
    ).toBe("Search isn't working right now. Please try again.");
    expect(text(initialSearchState)).toBe("");
  });

  it("in Portuguese and Spanish too", () => {
    expect(markup(<SearchStatus state={found(2, "serrano")} />, undefined, "pt")).toContain(
      "2 resultados para “serrano”",
    );
    expect(markup(<SearchStatus state={found(2, "serrano")} />, undefined, "es")).toContain(
      "2 resultados para «serrano»",
    );
  });

  it("found nothing: say so, then suggest popular content", () => {
    const dom = serverDom(
      <SearchEmpty query="zzz" popular={EVENTS.slice(0, 3)} context={context} />,
    );
    expect(dom.querySelector(".search-empty-title")?.textContent).toBe("No results for “zzz”");
    expect(dom.querySelector("h2")?.textContent).toBe("Popular right now");
    expect(dom.querySelectorAll("a.card")).toHaveLength(3);
  });

  it("found nothing and no popular content: no empty heading", () => {
    const dom = serverDom(<SearchEmpty query="zzz" popular={[]} context={context} />);
    expect(dom.querySelector("h2")).toBeNull();
    expect(dom.textContent).toBe("No results for “zzz”");
  });

  it("failed: an alert with the retry given", () => {
    const dom = serverDom(<SearchError retry={<a href="/again">Try again</a>} />);
    expect(dom.querySelector('[role="alert"]')?.textContent).toContain(
      "Search isn't working right now.",
    );
    expect(dom.querySelector('[role="alert"] a')?.getAttribute("href")).toBe("/again");
  });

  it("move focus with the arrow keys, Home and End, and not past either end", () => {
    expect(arrowTarget("ArrowRight", 0, 3)).toBe(1);
    expect(arrowTarget("ArrowDown", 2, 3)).toBe(2);
    expect(arrowTarget("ArrowUp", 0, 3)).toBe(0);
    expect(arrowTarget("ArrowLeft", 2, 3)).toBe(1);
    expect(arrowTarget("Home", 2, 3)).toBe(0);
    expect(arrowTarget("End", 0, 3)).toBe(2);
    expect(arrowTarget("Enter", 0, 3)).toBeNull();
  });

  it("every label is worded in every language", () => {
    const keys = Object.keys(en).filter((key) => key.startsWith("search"));
    expect(keys.length).toBeGreaterThan(15);
    for (const labels of [pt, es]) expect(keys.filter((key) => !(key in labels))).toEqual([]);
  });
});

describe("the search overlay", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  const popular = { hits: EVENTS.slice(0, 2), page: 1, totalPages: 1, totalHits: 2 };
  const answer = (q: string) => ({
    query: q,
    totalHits: 13,
    buckets: [
      {
        type: "VOD_VIDEO",
        hits: [video(7, "Atlético Serrano 2 x 1 Porto Real", 600)],
        shortcuts: [{ type: "VOD_VIDEO", id: 8, title: "Atlético Serrano: os gols" }],
        totalHits: 12,
      },
      {
        type: "SECTION",
        hits: [],
        shortcuts: [{ type: "SECTION", id: "futebol", title: "Futebol" }],
        totalHits: 1,
      },
    ],
  });

  /** A platform behind the web app's JSON route: popular content, then buckets per query. */
  function stubFetch(respond?: (url: URL) => Response | Promise<Response>) {
    const calls: URL[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, "http://liga.localhost");
        calls.push(url);
        if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
        if (respond) return respond(url);
        const kind = url.searchParams.get("kind");
        return Response.json(kind === "popular" ? popular : answer(url.searchParams.get("q")!));
      }),
    );
    return calls;
  }

  async function type(input: HTMLInputElement, value: string) {
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  const open = () =>
    mount(<SearchOverlay basePath="/realm/liga" locale="en" titleScale={1} onClose={() => {}} />);

  it("shows popular content before typing, in a modal dialog with a labelled search box", async () => {
    stubFetch();
    const mounted = await open();
    await flush();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    const input = dialog.querySelector<HTMLInputElement>('[role="search"] input')!;
    expect(dialog.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(
      "Search events and videos",
    );
    expect(dialog.querySelector("h3")?.textContent).toBe("Popular right now");
    expect(dialog.querySelectorAll("a.card")).toHaveLength(2);
    mounted.unmount();
  });

  it("searches once typing pauses, shows each bucket and its shortcuts, and emits the query", async () => {
    const calls = stubFetch();
    const events: AppEvent[] = [];
    const listen = (event: CustomEvent<AppEvent>) => events.push(event.detail);
    document.addEventListener(APP_EVENT, listen);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const mounted = await open();
    const input = document.querySelector<HTMLInputElement>('[role="search"] input')!;
    await type(input, "a");
    await type(input, "at");
    await type(input, "atletico");
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 10));
    expect(calls.filter((u) => u.searchParams.get("kind") === "buckets")).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(20));
    vi.useRealTimers();
    await flush();
    const asked = calls.filter((u) => u.searchParams.get("kind") === "buckets");
    expect(asked.map((u) => u.searchParams.get("q"))).toEqual(["atletico"]);
    expect(events).toEqual([{ type: "searchQuery", keyword: "atletico" }]);
    const dialog = document.querySelector('[role="dialog"]')!;
    expect([...dialog.querySelectorAll("h3")].map((h) => h.textContent)).toEqual([
      "Videos (12)",
      "Sections (1)",
    ]);
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe("13 results for “atletico”");
    const shortcut = dialog.querySelector<HTMLAnchorElement>("a.search-shortcut")!;
    expect(shortcut.getAttribute("href")).toBe("/realm/liga/vod/8");
    expect(shortcut.querySelector("mark")?.textContent).toBe("Atlético");
    // Down from the box goes to the first result, then on through cards and shortcuts.
    await press(input, "ArrowDown");
    expect(document.activeElement?.getAttribute("href")).toBe("/realm/liga/vod/7");
    await press(document.activeElement, "ArrowDown");
    expect(document.activeElement?.getAttribute("href")).toBe("/realm/liga/vod/8");
    await press(document.activeElement, "End");
    expect(document.activeElement?.getAttribute("href")).toBe("/realm/liga/section/futebol");
    document.removeEventListener(APP_EVENT, listen);
    mounted.unmount();
  });

  it("never lets a slow answer to an earlier query replace a later one", async () => {
    let releaseFirst: (r: Response) => void = () => {};
    stubFetch((url) => {
      const q = url.searchParams.get("q");
      if (url.searchParams.get("kind") === "popular") return Response.json(popular);
      if (q === "oka") return new Promise<Response>((resolve) => (releaseFirst = resolve));
      return Response.json(answer(q!));
    });
    const mounted = await open();
    const input = document.querySelector<HTMLInputElement>('[role="search"] input')!;
    await type(input, "oka");
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20)));
    await type(input, "okafor");
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20)));
    await flush();
    releaseFirst(Response.json({ query: "oka", totalHits: 0, buckets: [] }));
    await flush();
    expect(document.querySelector('[role="status"]')?.textContent).toBe("13 results for “okafor”");
    mounted.unmount();
  });

  it("says when the platform fails, and tries again", async () => {
    let fail = true;
    stubFetch((url) => {
      if (url.searchParams.get("kind") === "popular") return Response.json(popular);
      return fail
        ? Response.json({ status: 503 }, { status: 503 })
        : Response.json(answer(url.searchParams.get("q")!));
    });
    const mounted = await open();
    const input = document.querySelector<HTMLInputElement>('[role="search"] input')!;
    await type(input, "serrano");
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20)));
    await flush();
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain("Search isn't working right now.");
    fail = false;
    await act(async () => alert.querySelector("button")!.click());
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20)));
    await flush();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.querySelectorAll(".search-bucket")).toHaveLength(2);
    mounted.unmount();
  });

  it("names each bucket and links each kind of shortcut", () => {
    expect(bucketLabel("LIVE_EVENT")).toBe("searchFilterLiveEvent");
    expect(bucketLabel("EPG")).toBe("searchBucketEpg");
    expect(shortcutHref("", { type: "LIVE_EVENT", id: 3, title: "x" })).toBe("/live/3");
    expect(shortcutHref("", { type: "VOD_SERIES", id: 4, title: "x" })).toBe("/series/4");
    expect(shortcutHref("", { type: "VOD_PLAYLIST", id: 5, title: "x" })).toBe("/playlist/5");
  });
});
