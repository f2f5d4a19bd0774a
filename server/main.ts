/**
 * The server process from the TypeScript sources, under tsx: `npm run dev` runs it. `npm start`
 * runs the same start built ahead (server/start.js and build/serve.mjs), with no TypeScript
 * loader in the process.
 *
 * React and Remix choose their development or production code by NODE_ENV when they are first
 * imported, so it is settled here, before anything else loads: production unless told otherwise.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
await import("./serve.ts");
export {};
