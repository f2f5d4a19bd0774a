import { loadEpg } from "../epg/epg.server.ts";
import { epgMeta } from "../epg/epg-meta.ts";
import { EpgScreen } from "../epg/EpgScreen.tsx";
import epgStyles from "../styles/epg.css?url";

/** `/epg`: the programme guide, channels × time for one day (named route "epg"). */
export const loader = loadEpg;
export const meta = epgMeta;
export const links = () => [{ rel: "stylesheet", href: epgStyles }];
export default EpgScreen;
