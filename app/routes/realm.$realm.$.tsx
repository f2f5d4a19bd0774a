import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadNotFoundRoute } from "../composer/page-route.server.ts";
import { composedPageMeta } from "../composer/ComposedPageRoute.tsx";
import { PageScreen } from "../composer/PageScreen.tsx";
import { NotFoundMessage } from "../ui/StatusPage.tsx";
import { useRootData } from "../realm/use-root-data.ts";

/** Anything under a realm that no route claims: a 404 with the realm's not-found page. */
export const loader = (args: LoaderFunctionArgs) => loadNotFoundRoute(args);

/** Titled by the realm's not-found page config, like every composed page. */
export const meta = composedPageMeta;

export default function RealmNotFound() {
  const loaded = useLoaderData<typeof loader>();
  const shell = useRootData()?.shell;
  return (
    <>
      <NotFoundMessage home={loaded.basePath || "/"} />
      <PageScreen
        kind={loaded.kind}
        pageKey={loaded.key}
        basePath={loaded.basePath}
        page={loaded.page}
        zones={loaded.zones}
        locale={shell?.locale ?? "en"}
        cardTitleScale={shell?.theme.cardTitleFontScale ?? 1}
        titled={false}
      />
    </>
  );
}
