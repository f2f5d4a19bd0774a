import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { fetchRealmDirectory } from "../platform/platform.server.ts";
import { asRouteError } from "../realm/shell.server.ts";

export const meta: MetaFunction = () => [{ title: "Channels" }];

export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return await fetchRealmDirectory(context);
  } catch (error) {
    throw asRouteError(error);
  }
}

export default function RealmDirectory() {
  const { realms } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main id="main" className="directory">
      <h1>{t("chooseRealm")}</h1>
      <p>{t("chooseRealmText")}</p>
      <ul className="directory-list">
        {realms.map((realm) => (
          <li key={realm.name}>
            <Link to={`/realm/${realm.name}`} className="directory-item">
              {realm.logoUrl ? (
                <img src={`${realm.logoUrl}?w=300`} alt="" width={300} height={80} />
              ) : null}
              <span>{realm.fullName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
