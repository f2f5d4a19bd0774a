import { useT } from "../../app/i18n/i18n.ts";
import { imageAtWidth, imageSrcSet } from "../../app/ui/image.tsx";
import { cardListRef, cardVideoCount } from "../../app/ui/Card.tsx";
import { ListControl } from "../../app/ui/ListControl.tsx";
import type { DetailsBlock } from "../../schemas/generated/blocks-details.ts";
import type { Card } from "../../contract/generated/card.ts";
import type { BlockDefinition, ResolveContext } from "../types.ts";

export type DetailsData = Card | null;

export function resolveDetails(_config: DetailsBlock, ctx: ResolveContext): Promise<DetailsData> {
  return ctx.content.current();
}

/** The page's item: artwork, description and what it holds. Its title is the page's heading. */
export function Details({ data }: { config: DetailsBlock; data: DetailsData }) {
  const t = useT();
  if (!data) return null;
  const videos = cardVideoCount(data);
  const image = data.coverUrl ?? data.smallCoverUrl ?? data.thumbnailUrl;
  const listRef = cardListRef(data);
  return (
    <div className="block-details">
      {image ? (
        <img
          className="block-details-image"
          src={imageAtWidth(image, 640)}
          srcSet={imageSrcSet(image, [410, 640, 960])}
          sizes="(max-width: 720px) 100vw, 40vw"
          width={640}
          height={360}
          alt=""
        />
      ) : null}
      <div className="block-details-text">
        {listRef ? <ListControl itemRef={listRef} variant="labelled" /> : null}
        <p>{data.description}</p>
        <p className="block-details-meta">
          {videos !== undefined ? <span>{t("videoCount", { count: videos })}</span> : null}
          {data.seasonCount !== undefined ? (
            <span>{t("seasonCount", { count: data.seasonCount })}</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

export const definition: BlockDefinition<DetailsBlock, DetailsData> = {
  type: "details",
  resolve: resolveDetails,
  Component: Details,
};
