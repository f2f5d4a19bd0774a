/**
 * React picks its development or production build by NODE_ENV when it is first loaded, and its
 * development build renders several times slower. A production server must not run it: this
 * finds the development files among the modules loaded so far.
 */
import { createRequire } from "node:module";

const DEVELOPMENT_BUILD =
  /[\\/]node_modules[\\/](react|react-dom)[\\/]cjs[\\/][^\\/]+\.development\.js$/;

/** The files of React's development build among `files`. */
export function developmentReactFiles(files: Iterable<string>): string[] {
  return [...files].filter((file) => DEVELOPMENT_BUILD.test(file));
}

/**
 * Every CommonJS module this process has run (React and react-dom are CommonJS). Importing one
 * from an ES module also lists, unrun, the files it might re-export (both of React's builds):
 * only those that ran count.
 */
export function loadedModuleFiles(): string[] {
  return Object.entries(createRequire(import.meta.url).cache)
    .filter(([, module]) => module?.loaded)
    .map(([file]) => file);
}
