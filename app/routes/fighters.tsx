import type { ShouldRevalidateFunction } from "@remix-run/react";
import { loadFighters } from "../fighters/fighters.server.ts";
import { fightersMeta } from "../fighters/fighter-meta.ts";
import { FightersScreen } from "../fighters/FightersScreen.tsx";
import fightersStyles from "../styles/fighters.css?url";

/** `/fighters`: rankings and the fighter list (spec section 2, named route "fighters"). */
export const loader = loadFighters;
export const meta = fightersMeta;
export const links = () => [{ rel: "stylesheet", href: fightersStyles }];

/** Moving the carousel changes only `focus`: the list it shows is already loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  const withoutFocus = (url: URL) => {
    const query = new URLSearchParams(url.search);
    query.delete("focus");
    return `${url.pathname}?${query.toString()}`;
  };
  if (withoutFocus(currentUrl) === withoutFocus(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default FightersScreen;
