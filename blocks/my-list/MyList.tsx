import { useId } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { RailRow } from "../../app/ui/Rail.tsx";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import type { BlockOf } from "../types.ts";
import type { MyListData } from "./index.tsx";

/** The block's config as rendered: its texts already in the viewer's language. */
type MyListBlock = BlockOf<"myList">;

/**
 * The viewer's list as a row with a link to the whole list; an empty list says how to fill
 * it, and a viewer without an account is invited to sign in (and come back here).
 */
export function MyList({ config, data }: { config: MyListBlock; data: MyListData }) {
  const t = useT();
  const render = useBlockRender();
  const headingId = useId();
  if (data.signedIn && !data.list) return null;
  const kind = data.signedIn ? data.list!.kind : "MY_LIST";
  const title = config.title ?? t(kind === "FAVOURITES" ? "favouritesTitle" : "myListTitle");
  if (data.signedIn && data.list!.items.length > 0) {
    return (
      <RailRow
        title={title}
        seeAll={render.listHref(kind)}
        shape={config.cardShape ?? "landscape"}
        items={data.list!.items.map((card) => ({
          key: `${card.type}-${card.id}`,
          card,
          href: render.hrefFor(card),
        }))}
      />
    );
  }
  return (
    <section className="my-list-block" aria-labelledby={headingId}>
      <div className="block-header">
        <h2 id={headingId}>{title}</h2>
      </div>
      {data.signedIn ? (
        <p>{t(kind === "FAVOURITES" ? "favouritesEmpty" : "myListEmpty")}</p>
      ) : (
        <>
          <p>{t("myListRailSignIn")}</p>
          <a className="button" href={render.signInHref}>
            {t("signIn")}
          </a>
        </>
      )}
    </section>
  );
}
