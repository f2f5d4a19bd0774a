import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPreview, previewAction } from "../preview/preview.server.ts";
import { PreviewScreen } from "../preview/PreviewScreen.tsx";

/** `/preview/{target}/{key}`: an admin's view of a draft (headers: server/http.ts). */
export const loader = (args: LoaderFunctionArgs) => loadPreview(args);
/** The workbench's live preview posts the editor's unsaved text here (`?live=1`). */
export const action = (args: ActionFunctionArgs) => previewAction(args);
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view.type === "page" ? data.view.page.title : `${data?.target} ${data?.key}` },
  { name: "robots", content: "noindex, nofollow" },
];
export default PreviewScreen;
