import { useId, type ReactNode } from "react";
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

/** A promotion's 410x190 image (spec section 9), decorative: the title says what it is. */
export function PromoImage({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <img
      className="promo-image"
      src={imageAtWidth(url, 410)}
      srcSet={imageSrcSet(url, [410, 960])}
      sizes="(max-width: 720px) 100vw, 410px"
      width={410}
      height={190}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A promotion's text and call to action, shared by the promo block and the promo notification;
 * each brings its own heading and description elements (a dialog names itself by them).
 */
export function PromoBody({
  heading,
  description,
  cta,
  href,
  openInNewTab,
  onFollow,
}: {
  heading: ReactNode;
  description: ReactNode;
  cta: string;
  /** Null when the link is unsafe or its content is gone: no call to action then. */
  href: string | null;
  openInNewTab?: boolean;
  /** Called when the viewer follows the call to action. */
  onFollow?: () => void;
}) {
  const t = useT();
  return (
    <div className="promo-body">
      {heading}
      {description}
      {href ? (
        <a className="button" href={href} onClick={onFollow} {...(openInNewTab ? NEW_TAB : {})}>
          {cta}
          {openInNewTab ? <span className="visually-hidden"> {t("opensInNewTab")}</span> : null}
        </a>
      ) : null}
    </div>
  );
}

export const promoBlock: BlockDefinition<PromoBlock, PromoData> = {
  type: "promo",
  resolve: resolvePromo,
  Component: Promo,
};
