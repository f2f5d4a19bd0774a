import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { identityMeta } from "../identity/meta.ts";
import { multiviewLoader } from "../multiview/multiview.server.ts";
import { MultiviewScreen } from "../multiview/MultiviewScreen.tsx";
import multiviewStyles from "../styles/multiview.css?url";

/** `/multiview`: 2 to 4 live events side by side (spec, named route "multiView"; realms with multiViewAllowed). */
// A function, so the client bundle (which drops loaders) keeps no call to server code.
export const loader = (args: LoaderFunctionArgs) => multiviewLoader(args);
// A personal page (the viewer's own streams): never indexed, never stored by a cache.
export const meta = identityMeta("multiViewTitle");
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: multiviewStyles }];
export default MultiviewScreen;
