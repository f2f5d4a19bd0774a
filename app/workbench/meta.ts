import type { LinksFunction } from "@remix-run/node";
import workbenchStyles from "../styles/workbench.css?url";
import { identityLinks } from "../identity/meta.ts";

/** The workbench's stylesheet, loaded only with its pages. */
export const workbenchLinks: LinksFunction = () => [
  ...identityLinks(),
  { rel: "stylesheet", href: workbenchStyles },
];
