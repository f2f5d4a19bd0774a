import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { Fighter } from "../../contract/generated/fighters.ts";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { imageAtWidth } from "../ui/image.tsx";
import { fighterName } from "./FighterCard.tsx";
import type { loadFighter } from "./fighters.server.ts";
import { formatMeasure, otherSystem, type MeasurementSystem } from "./units.ts";

type FighterLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadFighter>;

/** Spec section 9: portraits are shown 800 px high (at a 4:5 ratio). */
const PORTRAIT = { width: 640, height: 800 } as const;

/** A fighter's page: portrait, record, nickname, division, rank and measurements. */
export function FighterScreen() {
  const { fighter, system } = useLoaderData<FighterLoader>();
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const place =
    fighter.rank === null
      ? null
      : fighter.rank === 0
        ? t("fighterChampion")
        : t("fighterRank", { rank: fighter.rank });
  return (
    <article className="fighter-page" aria-labelledby="fighter-name">
      {fighter.imageUrl ? (
        <img
          className="fighter-portrait"
          src={imageAtWidth(fighter.imageUrl, PORTRAIT.width)}
          width={PORTRAIT.width}
          height={PORTRAIT.height}
          alt=""
          fetchPriority="high"
        />
      ) : null}
      <div className="fighter-facts">
        <h1 id="fighter-name">{fighterName(fighter)}</h1>
        {fighter.nickname ? <p className="fighter-nickname">“{fighter.nickname}”</p> : null}
        <dl className="fighter-stats">
          <Stat term={t("fighterRecord")}>
            {t("fighterRecordValue", {
              wins: fighter.record.wins,
              losses: fighter.record.losses,
              draws: fighter.record.draws,
            })}
          </Stat>
          <Stat term={t("fighterDivision")}>
            {t(`division_${fighter.weightClass}`)}
            {place ? ` · ${place}` : null}
          </Stat>
          {fighter.poundForPoundRank !== null ? (
            <Stat term={t("division_POUND_FOR_POUND")}>
              {t("fighterRank", { rank: fighter.poundForPoundRank })}
            </Stat>
          ) : null}
          <Stat term={t("fighterHeight")}>
            <Measured measure={fighter.height} system={system} locale={locale} />
          </Stat>
          <Stat term={t("fighterReach")}>
            <Measured measure={fighter.reach} system={system} locale={locale} />
          </Stat>
          <Stat term={t("fighterWeight")}>
            <Measured measure={fighter.weight} system={system} locale={locale} />
          </Stat>
          {fighter.strikingAccuracy ? (
            <Stat term={t("fighterStrikingAccuracy")}>
              {formatMeasure(fighter.strikingAccuracy, system, locale)}
            </Stat>
          ) : null}
          <Stat term={t("fighterNationality")}>{regionName(fighter.nationality, locale)}</Stat>
        </dl>
      </div>
    </article>
  );
}

function Stat({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="fighter-stat">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A measurement in the viewer's system, with the other system's reading shown on hover or
 * keyboard focus (and given to screen readers as its description).
 */
function Measured({
  measure,
  system,
  locale,
}: {
  measure: Fighter["height"];
  system: MeasurementSystem;
  locale: string;
}) {
  const id = useId();
  return (
    // Focusable so that keyboard users get the other reading as mouse users do on hover
    // (the WAI-ARIA tooltip pattern); it does nothing when pressed.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <span className="measure" tabIndex={0} aria-describedby={id}>
      {formatMeasure(measure, system, locale)}
      <span id={id} role="tooltip" className="measure-other">
        {formatMeasure(measure, otherSystem(system), locale)}
      </span>
    </span>
  );
}

function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
