import type { Licence } from "../../schemas/generated/licence.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

export type Partition = NonNullable<
  NonNullable<RealmSettings["partitionSettings"]>["partitions"]
>[number];

/** The realm's partitions: none unless its `partitionSettings.status` is PARTITIONED. */
export function realmPartitions(settings: unknown): Partition[] {
  const partitioning = (settings as RealmSettings | undefined)?.partitionSettings;
  return partitioning?.status === "PARTITIONED" ? (partitioning.partitions ?? []) : [];
}

/** One of the realm's partitions by id (none for an unknown id or an unpartitioned realm). */
export function findPartition(settings: unknown, id: string | null | undefined) {
  return id ? realmPartitions(settings).find((p) => p.id === id) : undefined;
}

/** A partition's name in `language`, else in the first language it is named in. */
export function partitionName(partition: Partition, language: string | undefined): string {
  const names = partition.name as Record<string, string>;
  return (language && names[language]) || Object.values(names)[0] || partition.id;
}

/**
 * What an account in `partitionId` is sold: the partition's licences, each at the partition's
 * prices where it sets them. An account in no partition (or a realm without partitions) is sold
 * every licence of the realm.
 */
export function licencesIn(
  licences: readonly Licence[],
  settings: unknown,
  partitionId: string | null | undefined,
): Licence[] {
  const partition = findPartition(settings, partitionId);
  if (!partition) return [...licences];
  return partition.licences.flatMap((entry) => {
    const licence = licences.find((l) => l.id === entry.id);
    if (!licence) return [];
    return [entry.amounts ? { ...licence, amounts: entry.amounts } : licence];
  });
}
