import type { ReactNode } from "react";
import { useT } from "../i18n/i18n.ts";
import { imageAtWidth, imageSrcSet } from "./image.tsx";
import { NEW_TAB } from "./links.ts";

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
