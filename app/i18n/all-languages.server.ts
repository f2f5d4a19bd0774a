import es from "../../contract/locales/es.json";
import pt from "../../contract/locales/pt.json";
import { registerLanguage } from "./i18n.ts";

// The server renders every language from the first request on; browsers load theirs on demand.
registerLanguage("pt", pt);
registerLanguage("es", es);
