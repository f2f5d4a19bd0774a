import { Hono } from "hono";
import type { WatchHistory } from "../../contract/generated/watch-history.ts";
import { profileKeyOf, recentHistory } from "../playback/history.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { eventCard, videoCard } from "./cards.ts";
import type { PlatformEnv } from "./context.ts";
import { intParam } from "./pagination.ts";

/** What the acting profile watched and where it stopped (continue watching, history page). */
export const history = new Hono<PlatformEnv>();

history.use("/", authenticate, requireAccount);

history.get("/", async (c) => {
  const user = await accountOf(c);
  const limit = intParam(c.req.query("rpp"), "rpp", 20, 1, 100);
  const entries = await recentHistory(
    c.get("store").db,
    { userId: user.id, profileKey: profileKeyOf(c.get("viewer")!.pro?.id) },
    c.get("realm").name,
    limit,
  );
  const now = new Date();
  const answer: WatchHistory = {
    items: entries.map((entry) => ({
      kind: entry.kind,
      card: entry.kind === "vod" ? videoCard(entry.video) : eventCard(entry.event, now),
      position: entry.row.positionSeconds,
      watchedAt: entry.row.watchedAt.toISOString(),
    })),
  };
  c.header("Cache-Control", "private, no-store");
  return c.json(answer);
});
