import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { PartitionData } from "../../contract/generated/partition.ts";
import { findPartition, partitionName, realmPartitions } from "../commerce/partitions.ts";
import type { UserRow } from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

/** The account's partition in a partitioned realm (spec sections 2, 3 and 4), on v2. */
export const partition = new Hono<PlatformEnv>();

partition.use("/user/partition", authenticate, requireAccount);

/** 404 `NOT_PARTITIONED` in a realm that is not partitioned. */
function partitionsOf(c: Context<PlatformEnv>) {
  const partitions = realmPartitions(c.get("realm").settings);
  if (partitions.length === 0) {
    throw new ApiError(404, "NOT_PARTITIONED", "This realm has no partitions");
  }
  return partitions;
}

function answer(c: Context<PlatformEnv>, user: Pick<UserRow, "partition">) {
  const language = c.get("locale");
  const known = findPartition(c.get("realm").settings, user.partition);
  return {
    partitionData: known ? { partitionId: known.id } : null,
    partitions: partitionsOf(c).map((p) => ({ id: p.id, name: partitionName(p, language) })),
  };
}

/** `GET /user/partition`: the account's partition and the realm's, named in the asked language. */
partition.get("/user/partition", async (c) => {
  partitionsOf(c);
  const user = await accountOf(c);
  c.header("Cache-Control", "private, no-store");
  return c.json(answer(c, user));
});

/**
 * `PUT /user/partition` `{partitionId}`: moves the account to one of the realm's partitions.
 * From now on it is sold that partition's licences at its prices; tokens issued from now on
 * carry it (`prt`), so the client refreshes its token and reloads the realm's settings. 400
 * `INVALID_PARTITION` for an id the realm does not have.
 */
partition.put("/user/partition", async (c) => {
  refuseChildProfile(c);
  partitionsOf(c);
  const body = await readObject<PartitionData>(c.req.raw);
  const chosen = findPartition(c.get("realm").settings, body.partitionId);
  if (!chosen) {
    throw new ApiError(
      400,
      "INVALID_PARTITION",
      "This realm has no such partition",
      undefined,
      "/partitionId",
    );
  }
  const user = await accountOf(c);
  await c
    .get("store")
    .db.update(t.users)
    .set({ partition: chosen.id, updatedAt: new Date() })
    .where(eq(t.users.id, user.id));
  c.header("Cache-Control", "private, no-store");
  return c.json(answer(c, { partition: chosen.id }));
});
