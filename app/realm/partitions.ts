import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

/** One of a partitioned realm's partitions, named in the viewer's language. */
export interface PartitionChoice {
  id: string;
  name: string;
}

/**
 * The realm's partitions (spec: the PARTITIONS step), named in `language` or else the first
 * language they are named in; none unless `partitionSettings.status` is PARTITIONED.
 */
export function partitionChoices(settings: RealmSettings, language: string): PartitionChoice[] {
  const partitioning = settings.partitionSettings;
  if (partitioning?.status !== "PARTITIONED") return [];
  return (partitioning.partitions ?? []).map((p) => {
    const names = p.name as Record<string, string>;
    return { id: p.id, name: names[language] ?? Object.values(names)[0] ?? p.id };
  });
}
