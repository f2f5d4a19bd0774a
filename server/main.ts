/**
 * The one server process: `node --import tsx server/main.ts` (npm start builds first).
 *
 * React and Remix choose their development or production code by NODE_ENV when they are first
 * imported, so it is settled here, before anything else loads: production unless told otherwise.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
await import("./serve.ts");
export {};
