import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountDataLoader } from "../account/page/account-page.server.ts";

/** `/account/data-export`: the signed-in account's own data as a JSON download. */
export const loader = (args: LoaderFunctionArgs) => accountDataLoader(args);
