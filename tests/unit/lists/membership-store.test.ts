import { describe, expect, it } from "vitest";
import {
  BATCH_LIMIT,
  createMembershipStore,
  type MembershipTransport,
} from "../../../app/lists/membership-store.ts";

/** A server holding lists in memory, recording what it is asked; `failChanges` refuses changes. */
function server(initial: Record<string, string[]> = {}) {
  const held = new Map(Object.entries(initial));
  const asked: string[][] = [];
  const changes: string[] = [];
  let failChanges = false;
  let failMembership = false;
  const transport: MembershipTransport = {
    async fetchMembership(refs) {
      asked.push(refs);
      if (failMembership) throw new Error("network");
      return {
        memberships: Object.fromEntries(refs.map((ref) => [ref, held.get(ref) ?? []])),
        lists: [{ id: "my-list", kind: "MY_LIST", name: null, itemCount: held.size }],
      };
    },
    async change({ intent, list, ref }) {
      changes.push(`${intent} ${list} ${ref}`);
      if (failChanges) throw new Error("refused");
      const now = (held.get(ref) ?? []).filter((id) => id !== list);
      held.set(ref, intent === "add" ? [...now, list] : now);
    },
  };
  return {
    transport,
    asked,
    changes,
    held,
    failChanges: (on: boolean) => (failChanges = on),
    failMembership: (on: boolean) => (failMembership = on),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("membership store", () => {
  it("asks nothing until enabled, then once for every card of the tick", async () => {
    const s = server({ "VOD_VIDEO:1": ["my-list"] });
    const store = createMembershipStore(s.transport);
    store.request("VOD_VIDEO:1");
    store.request("VOD_VIDEO:2");
    store.request("VOD_VIDEO:1");
    await tick();
    expect(s.asked).toEqual([]);
    store.enable();
    store.request("LIVE_EVENT:3");
    await tick();
    expect(s.asked).toEqual([["VOD_VIDEO:1", "VOD_VIDEO:2", "LIVE_EVENT:3"]]);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["my-list"]);
    expect(store.listsOf("VOD_VIDEO:2")).toEqual([]);
    expect(store.lists()).toHaveLength(1);
    // Known items are not asked again; cards that come later (load more) are, together.
    store.request("VOD_VIDEO:1");
    store.request("VOD_VIDEO:4");
    store.request("VOD_VIDEO:5");
    await tick();
    expect(s.asked).toEqual([
      ["VOD_VIDEO:1", "VOD_VIDEO:2", "LIVE_EVENT:3"],
      ["VOD_VIDEO:4", "VOD_VIDEO:5"],
    ]);
  });

  it("splits past the platform's limit", async () => {
    const s = server();
    const store = createMembershipStore(s.transport);
    store.enable();
    for (let id = 1; id <= BATCH_LIMIT + 5; id++) store.request(`VOD_VIDEO:${id}`);
    await tick();
    expect(s.asked.map((refs) => refs.length)).toEqual([BATCH_LIMIT, 5]);
  });

  it("is unknown until answered, and may ask again after a failure", async () => {
    const s = server({ "VOD_VIDEO:1": ["my-list"] });
    const store = createMembershipStore(s.transport);
    store.enable();
    s.failMembership(true);
    store.request("VOD_VIDEO:1");
    expect(store.listsOf("VOD_VIDEO:1")).toBeUndefined();
    await tick();
    expect(store.listsOf("VOD_VIDEO:1")).toBeUndefined();
    s.failMembership(false);
    store.request("VOD_VIDEO:1");
    await tick();
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["my-list"]);
  });

  it("shows a change at once and keeps it when the server agrees", async () => {
    const s = server();
    const store = createMembershipStore(s.transport);
    store.enable();
    store.request("VOD_VIDEO:1");
    await tick();
    let notified = 0;
    store.subscribe(() => notified++);
    const done = store.change("VOD_VIDEO:1", "my-list", true);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["my-list"]);
    expect(await done).toBe(true);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["my-list"]);
    expect(s.held.get("VOD_VIDEO:1")).toEqual(["my-list"]);
    expect(await store.change("VOD_VIDEO:1", "my-list", false)).toBe(true);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual([]);
    expect(s.changes).toEqual(["add my-list VOD_VIDEO:1", "remove my-list VOD_VIDEO:1"]);
    expect(notified).toBeGreaterThanOrEqual(2);
  });

  it("undoes a change the server refuses, leaving other lists alone", async () => {
    const s = server({ "VOD_VIDEO:1": ["7"] });
    const store = createMembershipStore(s.transport);
    store.enable();
    store.request("VOD_VIDEO:1");
    await tick();
    s.failChanges(true);
    const done = store.change("VOD_VIDEO:1", "my-list", true);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["7", "my-list"]);
    expect(await done).toBe(false);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["7"]);
    expect(await store.change("VOD_VIDEO:1", "7", false)).toBe(false);
    expect(store.listsOf("VOD_VIDEO:1")).toEqual(["7"]);
  });

  it("keeps a change made before the membership answer arrives", async () => {
    // The answer was read before the change landed: it says the item is in no list.
    const stale: MembershipTransport = {
      fetchMembership: async (refs) => ({
        memberships: Object.fromEntries(refs.map((ref) => [ref, []])),
        lists: [],
      }),
      change: async () => {},
    };
    const store = createMembershipStore(stale);
    store.enable();
    store.request("VOD_VIDEO:9");
    await store.change("VOD_VIDEO:9", "my-list", true);
    await tick();
    expect(store.listsOf("VOD_VIDEO:9")).toEqual(["my-list"]);
  });
});
