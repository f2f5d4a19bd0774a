import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { MAIN_ID } from "../ui/SkipLink.tsx";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { fetchRealmDirectory } from "../api-client/platform.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import { realmRequest } from "../realm/request.server.ts";
import { asRouteError } from "../realm/shell.server.ts";
import { logoAtWidth } from "../ui/image.tsx";

/**
 * `/`: a realm's root (its home page) on the realm's domain or under `/realm/{name}`; on a host
 * that is no realm's, the directory of the realms this server runs.
 */
export async function loader(args: LoaderFunctionArgs) {
  if (await realmRequest(args)) return loadComposedPageRoute(args, "page", "home");
  try {
    return { directory: await fetchRealmDirectory(args.context) };
  } catch (error) {
    throw asRouteError(error);
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) => {
  const { data, matches } = args;
  if (data && !("directory" in data)) return composedPageMeta(args as never);
  const locale = matches.find((m) => m.id === "root")?.data?.locale;
  return [{ title: createI18n(locale).t("chooseRealm") }];
};

export const headers = composedPageHeaders;

export default function RealmRoot() {
  const loaded = useLoaderData<typeof loader>();
  if (!("directory" in loaded)) return <ComposedPageRoute />;
  return <RealmDirectory realms={loaded.directory.realms} />;
}

function RealmDirectory({
  realms,
}: {
  realms: { name: string; fullName: string; logoUrl: string | null }[];
}) {
  const t = useT();
  return (
    <main id={MAIN_ID} className="directory" tabIndex={-1}>
      <h1>{t("chooseRealm")}</h1>
      <p>{t("chooseRealmText")}</p>
      <ul className="directory-list">
        {realms.map((realm) => (
          <li key={realm.name}>
            <Link to={`/realm/${realm.name}`} className="directory-item">
              {realm.logoUrl ? (
                <img src={logoAtWidth(realm.logoUrl, 300)} alt="" width={300} height={80} />
              ) : null}
              <span>{realm.fullName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
