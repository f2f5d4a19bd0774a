import { useId } from "react";
import { safeLinkUrl } from "../../app/ui/links.ts";
import { PromoBody, PromoImage } from "../../app/ui/PromoCard.tsx";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import type { BlockOf } from "../types.ts";
import type { BlockDefinition, ContentLink, ResolveContext } from "../types.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type PromoBlock = BlockOf<"promo">;

export interface PromoData {
  /** The configured URL, when the link is one (and safe to render). */
  href: string | null;
  /** The resolved content, when the link is a content link that exists. */
  content: ContentLink | null;
}

export async function resolvePromo(config: PromoBlock, ctx: ResolveContext): Promise<PromoData> {
  if ("linkUrl" in config.link) return { href: safeLinkUrl(config.link.linkUrl), content: null };
  const { key, type } = config.link.contentLink;
  const found = await ctx.content.resolveContentLink({ key, type });
  return { href: null, content: found ? { type, id: found.id } : null };
}

export function Promo({ config, data }: { config: PromoBlock; data: PromoData }) {
  const render = useBlockRender();
  const titleId = useId();
  const href = data.href ?? (data.content ? render.contentHref(data.content) : null);
  return (
    <section className="block-promo" aria-labelledby={titleId}>
      <PromoImage url={config.imageUrl} />
      <PromoBody
        heading={<h2 id={titleId}>{config.title}</h2>}
        description={config.description ? <p>{config.description}</p> : null}
        cta={config.cta}
        href={href}
        openInNewTab={config.openInNewTab}
      />
    </section>
  );
}

export const definition: BlockDefinition<PromoBlock, PromoData> = {
  type: "promo",
  resolve: resolvePromo,
  Component: Promo,
};
