import { useId } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { imageAtWidth, imageSrcSet } from "../../app/ui/image.tsx";
import type { PromoBlock } from "../../schemas/generated/blocks-promo.ts";
import { NEW_TAB, safeLinkUrl } from "../links.ts";
import { useBlockRender } from "../render-context.tsx";
import type { BlockDefinition, ContentLink, ResolveContext } from "../types.ts";

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
  const t = useT();
  const render = useBlockRender();
  const titleId = useId();
  const href = data.href ?? (data.content ? render.contentHref(data.content) : null);
  return (
    <section className="block-promo" aria-labelledby={titleId}>
      {config.imageUrl ? (
        <img
          className="promo-image"
          src={imageAtWidth(config.imageUrl, 410)}
          srcSet={imageSrcSet(config.imageUrl, [410, 960])}
          sizes="(max-width: 720px) 100vw, 410px"
          width={410}
          height={190}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="promo-body">
        <h2 id={titleId}>{config.title}</h2>
        {config.description ? <p>{config.description}</p> : null}
        {href ? (
          <a className="button" href={href} {...(config.openInNewTab ? NEW_TAB : {})}>
            {config.cta}
            {config.openInNewTab ? (
              <span className="visually-hidden"> {t("opensInNewTab")}</span>
            ) : null}
          </a>
        ) : null}
      </div>
    </section>
  );
}

export const promoBlock: BlockDefinition<PromoBlock, PromoData> = {
  type: "promo",
  resolve: resolvePromo,
  Component: Promo,
};
