import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "../root.tsx";
import { HeroSlide } from "../ui/HeroSlide.tsx";

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const shell = matches.find((m) => m.id === "root")?.data?.shell;
  return shell ? [{ title: shell.realm.fullName }] : [];
};

/** Realm home: brand and hero from init (composed pages replace the body later). */
export default function RealmHome() {
  const shell = useRouteLoaderData<typeof rootLoader>("root")?.shell;
  const { t } = useTranslation();
  if (!shell) return null;
  const { realm, content, eventCount } = shell;
  return (
    <>
      <header className="realm-header">
        <a href={`/realm/${realm.name}`} className="realm-logo">
          {realm.logoUrl ? (
            <img
              src={`${realm.logoUrl}?w=300`}
              alt={t("logoAlt", { name: realm.fullName })}
              width={300}
              height={80}
            />
          ) : null}
        </a>
        {eventCount ? (
          <p className="live-count">{t("liveNowCount", { count: eventCount })}</p>
        ) : null}
      </header>
      <main id="main">
        <h1 className="realm-name">{realm.fullName}</h1>
        <section className="heroes" aria-label={t("featured")}>
          {content.heroes.map((hero, index) => (
            <HeroSlide
              key={`${hero.type}-${hero.id}`}
              hero={hero}
              locale={shell.locale}
              eager={index === 0}
            />
          ))}
        </section>
      </main>
    </>
  );
}
