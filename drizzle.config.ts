import { defineConfig } from "drizzle-kit";

// Migrations are generated offline (no database needed) and committed; both PGlite and
// PostgreSQL apply the same files at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./platform/store/schema.ts",
  out: "./platform/store/migrations",
});
