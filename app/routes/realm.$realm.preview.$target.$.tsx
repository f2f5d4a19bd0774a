import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPreview } from "../preview/preview.server.ts";
import { PreviewScreen } from "../preview/PreviewScreen.tsx";

/** `/preview/{target}/{key}`: an admin's view of a draft (headers: server/http.ts). */
export const loader = (args: LoaderFunctionArgs) => loadPreview(args);
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view.type === "page" ? data.view.page.title : `${data?.target} ${data?.key}` },
  { name: "robots", content: "noindex, nofollow" },
];
export default PreviewScreen;
