import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

describe("the embedded store (PGlite)", () => {
  it.skipIf(process.env.TEST_STORE === "postgres")(
    "keeps a 16 MB buffer cache, not PostgreSQL's 128 MB: each touched page of it stays in the server's memory",
    async () => {
      const result = await platform.store.db.execute(sql`show shared_buffers`);
      expect((result as unknown as { rows: { shared_buffers: string }[] }).rows).toEqual([
        { shared_buffers: "16MB" },
      ]);
    },
  );
});
