import { useT } from "../../app/i18n/i18n.ts";
import { imageAtWidth } from "../../app/ui/image.tsx";
import type { SponsorBlock } from "../../schemas/generated/blocks-sponsor.ts";
import { NEW_TAB, safeLinkUrl } from "../links.ts";
import type { BlockDefinition } from "../types.ts";

/** Spec "Video pages": shown 300 px wide, image requested at width 150. */
const SPONSOR_IMAGE_REQUEST_WIDTH = 150;

export function SponsorLogo({ config }: { config: SponsorBlock; data: null }) {
  const t = useT();
  const href = safeLinkUrl(config.link);
  if (!config.imageUrl || !href || config.displayMode !== "SHOW") return null;
  return (
    <div className="block-sponsor">
      <a href={href} {...NEW_TAB}>
        <img
          src={imageAtWidth(config.imageUrl, SPONSOR_IMAGE_REQUEST_WIDTH)}
          alt={config.name || t("sponsor")}
          width={300}
          height={100}
          loading="lazy"
          decoding="async"
        />
        <span className="visually-hidden">{t("opensInNewTab")}</span>
      </a>
    </div>
  );
}

export const sponsorBlock: BlockDefinition<SponsorBlock, null> = {
  type: "sponsor",
  resolve: () => Promise.resolve(null),
  Component: SponsorLogo,
};
