/**
 * The production server process: `npm start` builds, then runs this with plain Node.
 *
 * React and Remix choose their development or production code by NODE_ENV when they are first
 * imported, so it is settled here, before the server (build/serve.mjs, built from
 * server/serve.ts by scripts/build-server.ts) loads anything: production unless told otherwise.
 * `npm run dev` runs server/main.ts, the same start, from the TypeScript sources.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
await import("../build/serve.mjs");
