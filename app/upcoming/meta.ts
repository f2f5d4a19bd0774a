import type { MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";

/** Title "{label} · {realm}" for a page of events. */
export const eventsPageMeta =
  (label: string): MetaFunction<unknown, { root: typeof rootLoader }> =>
  ({ matches }) => {
    const root = matches.find((match) => match.id === "root")?.data;
    const title = i18nFor(root?.locale).t(label);
    const realmName = root?.shell?.realm.fullName;
    return [{ title: realmName ? `${title} · ${realmName}` : title }];
  };
