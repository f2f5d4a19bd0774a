import { readJson } from "./contract.ts";

/**
 * The request's JSON body, an object: endpoints that read one name a request schema in
 * contract/endpoints.ts, which every body is checked against before the handler runs.
 */
export async function readObject<T = Record<string, unknown>>(request: Request): Promise<T> {
  return (await readJson(request)) as T;
}
