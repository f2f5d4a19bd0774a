import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { HEADERS } from "../../contract/headers.ts";
import { externalPageLoader } from "../external/external-page.server.ts";
import { ExternalPageScreen } from "../external/ExternalPageScreen.tsx";
import type { loader as rootLoader } from "../root.tsx";
import externalStyles from "../styles/external.css?url";

/** `/external/{name}`: a page of another site from realm config (spec section 2, "externalPage"). */
export const loader = externalPageLoader;
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({
    "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache",
  });
  const frameSource = loaderHeaders.get(HEADERS.frameSource);
  if (frameSource) headers.set(HEADERS.frameSource, frameSource);
  return headers;
};
export const meta: MetaFunction<typeof externalPageLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  if (!data) return [];
  const realmName = matches.find((match) => match.id === "root")?.data?.shell?.realm.fullName;
  return [
    { title: realmName ? `${data.title} · ${realmName}` : data.title },
    ...(data.description ? [{ name: "description", content: data.description }] : []),
  ];
};
export const links = () => [{ rel: "stylesheet", href: externalStyles }];
export default ExternalPageScreen;
