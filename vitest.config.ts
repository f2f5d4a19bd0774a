import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "tests/unit/**/*.test.ts",
            "tests/unit/**/*.test.tsx",
            // Each block folder holds its own tests.
            "blocks/**/*.test.ts",
            "blocks/**/*.test.tsx",
          ],
          environment: "node",
          // The server's translations, as its entry module registers them.
          setupFiles: ["tests/fixtures/all-languages.ts"],
          // Image encoding and schema compilation are CPU-bound; shared CI cores can be busy.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/fixtures/prepare-store-dump.ts"],
          setupFiles: ["tests/fixtures/all-languages.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file restores its own store; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
          // Runs after the unit project, with its own worker limit.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
