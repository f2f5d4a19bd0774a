/**
 * `npm run renewals [-- --at 2027-01-31T00:00:00Z]`: one pass of subscription renewals on the
 * store named by DATABASE_URL or DATA_DIR (the server also runs them on an interval by itself).
 * `--at` renews as of another moment, to try the rules out on a copy of the data.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../server/env.ts";
import { resolveSecret } from "../platform/auth/secrets.ts";
import { runRenewals } from "../platform/commerce/renewals.ts";
import { openStore, StoreUnavailableError } from "../platform/store/store.ts";

const { values } = parseArgs({ options: { at: { type: "string" } } });

const env = loadEnv();
const now = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`renewals: --at ${values.at} is not a date`);
  process.exit(2);
}
let store;
try {
  store = await openStore({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const secret = await resolveSecret(store.db, "media-signing", env.MEDIA_SIGNING_SECRET);
  const summary = await runRenewals(store.db, { now, secret });
  console.log(
    `renewals at ${now.toISOString()}: ${summary.renewed} renewed, ${summary.declined} declined, ${summary.ended} ended`,
  );
} catch (error) {
  console.error(
    `renewals: ${error instanceof StoreUnavailableError ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await store?.close();
}
