import type { LinksFunction, MetaFunction } from "@remix-run/node";
import identityStyles from "../styles/identity.css?url";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";

/** Title "{label} · {realm}" for identity pages; never indexed (they hold nothing to find). */
export const identityMeta =
  (label: string): MetaFunction<unknown, { root: typeof rootLoader }> =>
  ({ matches }) => {
    const root = matches.find((match) => match.id === "root")?.data;
    const realmName = root?.shell?.realm.fullName;
    const title = i18nFor(root?.locale).t(label);
    return [
      { title: realmName ? `${title} · ${realmName}` : title },
      { name: "robots", content: "noindex" },
    ];
  };

/** The identity pages' stylesheet, loaded only with them. */
export const identityLinks: LinksFunction = () => [{ rel: "stylesheet", href: identityStyles }];
