import path from "node:path";
import { fileURLToPath } from "node:url";

/** The demo realms' folders, seeded by default. */
export const demoRealmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "realms");
