import { rm } from "node:fs/promises";
import { ServerProcess, STORE_TEMPLATE } from "./server-process.ts";

/**
 * Seeds the demo realms once, by starting the built server on an empty data folder as `npm
 * start` would, so a test server starts from a copy (`seededDataDir`, about a second) instead of
 * migrating and seeding its own (several seconds, and more under load). Made fresh each run:
 * the demo content's times count from the seeding, as for a server started with the run.
 */
export default async function prepareStoreTemplate() {
  await rm(STORE_TEMPLATE, { recursive: true, force: true });
  const server = await ServerProcess.start({ DATA_DIR: STORE_TEMPLATE, LOG_REQUESTS: "false" });
  const code = await server.stop();
  if (code !== 0)
    throw new Error(`the seeding server exited with ${code}:\n${server.output.join("")}`);
}
