import { useT } from "../../app/i18n/i18n.ts";
import type { BlockOf } from "../types.ts";
import { RailRow } from "../../app/ui/Rail.tsx";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import type { ContinueItem } from "./items.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type ContinueWatchingBlock = BlockOf<"continueWatching">;

/** The row, or nothing at all when there is nothing to resume (and for guests). */
export function ContinueWatching({
  config,
  data,
}: {
  config: ContinueWatchingBlock;
  data: { items: ContinueItem[] };
}) {
  const t = useT();
  const render = useBlockRender();
  if (data.items.length === 0) return null;
  return (
    <RailRow
      title={config.title ?? t("continueWatching")}
      shape={config.cardShape ?? "landscape"}
      items={data.items.map((item) => ({
        key: `${item.kind}-${item.card.id}`,
        card: item.card,
        // A video resumes on its page, an event on its own (the replay once it has ended).
        href: render.contentHref({ type: item.kind === "vod" ? "VOD" : "LIVE", id: item.card.id }),
        progress: item.progress,
      }))}
    />
  );
}
