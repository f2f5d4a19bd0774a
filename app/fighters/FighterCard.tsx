import type { KeyboardEventHandler } from "react";
import type { Fighter } from "../../contract/generated/fighters.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { imageAtWidth } from "../ui/image.tsx";

/** Spec section 9: list thumbnails are 198 × 124. */
export const THUMBNAIL = { width: 198, height: 124 } as const;

export function fighterName(fighter: Pick<Fighter, "firstName" | "lastName">): string {
  return `${fighter.firstName} ${fighter.lastName}`;
}

/** A fighter in a list: thumbnail, name, nickname, record and place, linking to their page. */
export function FighterCard({
  fighter,
  basePath,
  place,
  onKeyDown,
}: {
  fighter: Fighter;
  basePath: string;
  /** The place shown: the division rank or the pound-for-pound rank; none outside rankings. */
  place?: number | null;
  onKeyDown?: KeyboardEventHandler<HTMLAnchorElement>;
}) {
  const t = useT();
  const image = fighter.thumbnailUrl ?? fighter.imageUrl;
  return (
    <a
      className="fighter-card"
      onKeyDown={onKeyDown}
      href={routeHref(basePath, { name: "fighter", params: { id: String(fighter.id) } })}
    >
      {image ? (
        <img
          src={imageAtWidth(image, THUMBNAIL.width * 2)}
          width={THUMBNAIL.width}
          height={THUMBNAIL.height}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className="fighter-card-placeholder" aria-hidden="true" />
      )}
      <span className="fighter-card-text">
        {place === undefined || place === null ? null : (
          <span className="fighter-card-place">
            {place === 0 ? t("fighterChampion") : t("fighterRank", { rank: place })}
          </span>
        )}
        <span className="fighter-card-name">{fighterName(fighter)}</span>
        {fighter.nickname ? (
          <span className="fighter-card-nickname">“{fighter.nickname}”</span>
        ) : null}
        <span className="fighter-card-record">
          {t("fighterRecordValue", {
            wins: fighter.record.wins,
            losses: fighter.record.losses,
            draws: fighter.record.draws,
          })}
        </span>
      </span>
    </a>
  );
}
