import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Fighter } from "../../contract/generated/fighters.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

import { platformClient } from "../api-client/platform.server.ts";
import { cacheControlFor } from "../composer/page-route.server.ts";
import { contentId } from "../realm/content-id.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { asItemRouteError, asRouteError } from "../realm/shell.server.ts";
import { pageSeo } from "../seo/page-seo.ts";
import type { RelatedRail } from "../ui/RelatedRails.tsx";
import { readFightersState } from "./rankings-state.ts";
import { measurementSystemFor } from "./units.ts";

/**
 * `/fighters`: one page of the rankings of a division, or of every fighter by last name, as the
 * address says (app/fighters/rankings-state.ts). The same for every viewer.
 */
export async function loadFighters(args: LoaderFunctionArgs) {
  const { realm, shell, basePath } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const state = readFightersState(url.searchParams);
  const platform = platformClient(args.context, { realm, locale: shell.locale });
  try {
    const list = await platform.call("fighters", {
      query: {
        ctt: state.category,
        gender: state.gender,
        weightClass: state.division,
        p: state.page,
        rpp: state.rpp,
        ...(state.letter ? { lastNameStartLetter: state.letter } : {}),
      },
    });
    const seo = pageSeo({
      requestUrl: url,
      basePath,
      preferredDomain: realm.preferredDomain,
      key: "fighters",
      images: [realm.logoUrl],
    });
    return data(
      { state, list, basePath, seo },
      { headers: { "Cache-Control": cacheControlFor(args.request, args.context) } },
    );
  } catch (error) {
    throw asRouteError(error);
  }
}

const FIGHTS_SHOWN = 12;

/** `/fighter/{id}`: the fighter, and their fights when the platform links any. */
export async function loadFighter(args: LoaderFunctionArgs) {
  const { realm, shell, basePath } = await requireRealmRequest(args);
  const id = contentId(args.params.id);
  if (!id) throw data(null, { status: 404 });
  const platform = platformClient(args.context, { realm, locale: shell.locale });
  let fighter: Fighter;
  try {
    fighter = await platform.call("fighter", { params: { id } });
  } catch (error) {
    throw asItemRouteError(error);
  }
  const fights = await platform
    .call("fighterEvents", { params: { id }, query: { p: 1, rpp: FIGHTS_SHOWN } })
    .then((set) => set.hits)
    .catch((error: unknown) => {
      // The rail is extra: the fighter's page stands without it.
      console.error(`fighter fights: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
  const related: RelatedRail[] =
    fights.length > 0 ? [{ id: "fights", titleKey: "fighterFights", cards: fights }] : [];
  const settings = shell.settings as RealmSettings;
  const seo = pageSeo({
    requestUrl: new URL(args.request.url),
    basePath,
    preferredDomain: realm.preferredDomain,
    key: `fighter/${id}`,
    images: [fighter.imageUrl, fighter.thumbnailUrl, realm.logoUrl],
  });
  return data(
    {
      fighter,
      system: measurementSystemFor(shell.locale, settings.measurementSystem),
      related,
      basePath,
      seo,
    },
    { headers: { "Cache-Control": cacheControlFor(args.request, args.context) } },
  );
}
