import { clientErrorsAction, clientErrorsLoader } from "../errors/client-errors.server.ts";

/** Where the realm's pages post their error reports. */
export const action = clientErrorsAction;
export const loader = clientErrorsLoader;
