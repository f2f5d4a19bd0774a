import { loadEpg } from "../epg/epg.server.ts";
import { EpgScreen } from "../epg/EpgScreen.tsx";
import { labelledPageMeta } from "../seo/labelled-page-meta.ts";
import epgStyles from "../styles/epg.css?url";

/** `/epg`: the programme guide, channels × time for one day (named route "epg"). */
export const loader = loadEpg;
export const meta = labelledPageMeta("epgTitle", "epgDescription");
export const links = () => [{ rel: "stylesheet", href: epgStyles }];
export default EpgScreen;
