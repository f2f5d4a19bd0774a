/**
 * `npm run dev`: the app on http://localhost:3000 (or PORT), rebuilt when a file of the web app
 * changes and restarted when the server, the platform or a fresh build changes. The store and
 * its data are the same as `npm start`'s.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || "development" };
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

// The server imports the build at start, so there must be one before it starts.
const first = spawnSync(bin("remix"), ["build"], { cwd: root, env, stdio: "inherit" });
if (first.status !== 0) process.exit(first.status ?? 1);

const children: ChildProcess[] = [
  // Rebuilds build/ and public/build/ whenever app/, blocks/, layouts/ or schemas change.
  spawn(bin("remix"), ["watch"], { cwd: root, env, stdio: "inherit" }),
  // Restarts on a change to any file the server has loaded, the fresh build/index.js included.
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const child of children) {
  child.once("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
