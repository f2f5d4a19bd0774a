import { test as base } from "@playwright/test";
import { TEST_MEDIA_SECRET } from "../fixtures/secrets.ts";
import { seenViolations, watchEveryContext, type SeenViolation } from "./csp-watch.ts";
import { seededDataDir, removeDir, ServerProcess } from "./server-process.ts";

/** The trusted header the test server reads the edge's VPN verdict from (VPN_HEADER). */
export const VPN_HEADER = "X-Edge-Vpn";
/** The trusted header the test server reads the viewer's territory from (TERRITORY_HEADER). */
export const TERRITORY_HEADER = "X-Edge-Territory";

/**
 * One built server with a fresh data folder, shared by the tests of a worker, behind one proxy
 * of ours (TRUST_PROXY=1) as in production: tests that stand for many viewers say whose address
 * a request came from in X-Forwarded-For (`viewerAddress`). Every test fails
 * when a page it opened broke the Content-Security-Policy; a test that provokes a violation on
 * purpose takes it out of `cspViolations`.
 */
export const test = base.extend<
  { cspViolations: SeenViolation[] },
  { server: ServerProcess; cspWatch: void }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = await seededDataDir();
      const server = await ServerProcess.start({
        DATA_DIR: dataDir,
        LOG_REQUESTS: "false",
        VPN_HEADER,
        TERRITORY_HEADER,
        MEDIA_SIGNING_SECRET: TEST_MEDIA_SECRET,
        TRUST_PROXY: "1",
      });
      await use(server);
      await server.stop();
      await removeDir(dataDir);
    },
    { scope: "worker", timeout: 120_000 },
  ],
  cspWatch: [
    async ({ browser }, use) => {
      watchEveryContext(browser);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  cspViolations: [
    async ({ cspWatch }, use) => {
      void cspWatch;
      seenViolations.length = 0;
      await use(seenViolations);
      const seen = [...seenViolations];
      seenViolations.length = 0;
      if (seen.length > 0) {
        throw new Error(
          `Content-Security-Policy violations:\n${seen.map((v) => JSON.stringify(v)).join("\n")}`,
        );
      }
    },
    { auto: true },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from "@playwright/test";
