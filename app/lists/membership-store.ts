import type { ViewerList } from "../../contract/generated/viewer-lists.ts";

/** What the store asks of the server (our resource routes, over the viewer's cookie). */
export interface MembershipTransport {
  /** Which lists hold each `TYPE:id` (one request for all), with the viewer's lists. */
  fetchMembership(refs: string[]): Promise<{
    memberships: Record<string, string[]>;
    lists: ViewerList[];
  }>;
  /** Adds or removes; rejects when the change did not happen. */
  change(change: { intent: "add" | "remove"; list: string; ref: string }): Promise<void>;
}

/** The most refs one membership request names (the platform's limit). */
export const BATCH_LIMIT = 200;

const NONE: readonly string[] = Object.freeze([]);

/**
 * The list membership of the cards on a page. Cards `request` their item as they mount; the
 * requests of one tick go out as one membership call (several only past BATCH_LIMIT). A change
 * shows at once and is undone when the server refuses it; `change` then resolves false.
 */
export function createMembershipStore(transport: MembershipTransport) {
  const known = new Map<string, readonly string[]>();
  const asked = new Set<string>();
  let queued: string[] = [];
  let scheduled = false;
  let enabled = false;
  let lists: readonly ViewerList[] = NONE as unknown as readonly ViewerList[];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const flush = async () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    for (let start = 0; start < batch.length; start += BATCH_LIMIT) {
      const refs = batch.slice(start, start + BATCH_LIMIT);
      try {
        const answer = await transport.fetchMembership(refs);
        for (const ref of refs) {
          if (!known.has(ref)) known.set(ref, answer.memberships[ref] ?? NONE);
        }
        lists = answer.lists;
      } catch {
        // Unknown stays unknown (shown as not in a list); asking again is allowed.
        for (const ref of refs) asked.delete(ref);
      }
    }
    notify();
  };

  const schedule = () => {
    if (scheduled || !enabled || queued.length === 0) return;
    scheduled = true;
    setTimeout(() => void flush(), 0);
  };

  const setMember = (ref: string, list: string, member: boolean) => {
    const current = known.get(ref) ?? NONE;
    const without = current.filter((id) => id !== list);
    known.set(ref, member ? [...without, list] : without);
  };

  return {
    /** Starts asking (a signed-in viewer, once the page is interactive). */
    enable() {
      enabled = true;
      schedule();
    },
    /** A card's item, whose membership the next batch asks for (once per item). */
    request(ref: string) {
      if (asked.has(ref)) return;
      asked.add(ref);
      queued.push(ref);
      schedule();
    },
    /** The ids of the lists holding the item; undefined until known. */
    listsOf(ref: string): readonly string[] | undefined {
      return known.get(ref);
    },
    /** The viewer's lists, as the last answer named them. */
    lists(): readonly ViewerList[] {
      return lists;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Adds or removes at once; undone when the server refuses. True when it held. */
    async change(ref: string, list: string, add: boolean): Promise<boolean> {
      const before = (known.get(ref) ?? NONE).includes(list);
      setMember(ref, list, add);
      notify();
      try {
        await transport.change({ intent: add ? "add" : "remove", list, ref });
        return true;
      } catch {
        setMember(ref, list, before);
        notify();
        return false;
      }
    },
  };
}

export type MembershipStore = ReturnType<typeof createMembershipStore>;
