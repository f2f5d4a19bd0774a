import { useT } from "../i18n/i18n.ts";
import { NEW_TAB } from "./links.ts";
import { SPONSOR_LOGO_WIDTH, visibleSponsor, type SponsorFields } from "./visible-sponsor.ts";

/** A sponsor's logo linking out in a new tab; nothing when the sponsor is not to be shown. */
export function SponsorLogo({ sponsor }: { sponsor: SponsorFields | null | undefined }) {
  const t = useT();
  const visible = visibleSponsor(sponsor);
  if (!visible) return null;
  return (
    <div className="block-sponsor">
      <a href={visible.href} {...NEW_TAB}>
        <img
          src={visible.imageSrc}
          alt={visible.name ?? t("sponsor")}
          width={SPONSOR_LOGO_WIDTH}
          height={SPONSOR_LOGO_WIDTH / 3}
          loading="lazy"
          decoding="async"
        />
        <span className="visually-hidden">{t("opensInNewTab")}</span>
      </a>
    </div>
  );
}
