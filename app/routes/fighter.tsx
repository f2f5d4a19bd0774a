import { loadFighter } from "../fighters/fighters.server.ts";
import { fighterMeta } from "../fighters/fighter-meta.ts";
import { FighterScreen } from "../fighters/FighterScreen.tsx";
import fightersStyles from "../styles/fighters.css?url";

/** `/fighter/{id}`: one fighter (spec section 2, named route "fighter"). */
export const loader = loadFighter;
export const meta = fighterMeta;
export const links = () => [{ rel: "stylesheet", href: fightersStyles }];
export default FighterScreen;
