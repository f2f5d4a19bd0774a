/**
 * `npm run db:seed [-- --reset] [-- --dir path/to/realms]`: loads realm config files into the
 * store named by DATABASE_URL or DATA_DIR. Invalid files are listed and nothing is written.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../server/env.ts";
import { ConfigValidationError, loadRealmConfigs } from "../platform/realm-config/load-realms.ts";
import { demoRealmsDir } from "../platform/seed/config.ts";
import { seed } from "../platform/seed/seed.ts";
import { openStore, StoreUnavailableError } from "../platform/store/store.ts";
import { openInvalidationBus } from "../platform/store/invalidation-bus.ts";

const { values } = parseArgs({
  options: { reset: { type: "boolean", default: false }, dir: { type: "string" } },
});

const env = loadEnv();
let store;
try {
  // Validate every file before the store is even opened: a bad file changes nothing.
  const configs = await loadRealmConfigs(values.dir ?? demoRealmsDir);
  store = await openStore({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const summary = await seed(store.db, {
    reset: values.reset,
    configs,
    demoAccounts: path.resolve(values.dir ?? demoRealmsDir) === path.resolve(demoRealmsDir),
    publicUrl: env.PUBLIC_URL,
  });
  for (const r of summary.realms) {
    console.log(`seeded ${r.name}: ${r.events} events, ${r.videos} videos, ${r.images} images`);
  }
  // Servers running on this store drop what they cached of the realms just written.
  const bus = await openInvalidationBus({
    redisUrl: env.REDIS_URL,
    databaseUrl: env.DATABASE_URL,
  });
  try {
    for (const r of summary.realms) await bus.publish({ kind: "realm", realm: r.name });
  } finally {
    await bus.close();
  }
} catch (error) {
  if (error instanceof ConfigValidationError || error instanceof StoreUnavailableError) {
    console.error(`db:seed: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await store?.close();
}
