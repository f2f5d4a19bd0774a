import { useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useRootData } from "../realm/use-root-data.ts";
import { useHydrated } from "../ui/client-state.tsx";
import { SEARCH_HASH, SEARCH_MARKER } from "./search-url.ts";

// The overlay's code is fetched when it first opens: pages nobody searches on never load it.
const SearchOverlay = lazy(() => import("./SearchOverlay.tsx"));

/**
 * The search overlay (spec section 2, hash route `#search`) for realms without the vesper
 * engine's search page: opened over any page by the header's search button, by a link with
 * the hash, or by `/search` (which sends such realms home with the search marker and the hash).
 * Closing it takes the hash and the marker off the address.
 */
export function SearchDialog() {
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Closed for this visit of the hash: following a link to it again opens it again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  if (
    !hydrated ||
    !root?.shell ||
    root.shell.features.vesperSearch ||
    location.hash !== SEARCH_HASH ||
    closedAt === location.key
  ) {
    return null;
  }
  const close = () => {
    setClosedAt(location.key);
    const params = new URLSearchParams(location.search);
    params.delete(SEARCH_MARKER);
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ""}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  return (
    <Suspense fallback={null}>
      <SearchOverlay
        key={location.key}
        basePath={root.basePath ?? ""}
        locale={root.locale}
        titleScale={root.shell.theme.cardTitleFontScale ?? 1}
        onClose={close}
      />
    </Suspense>
  );
}
