import { blockSchemas } from "../../schemas/generated/block-schemas.ts";
import type { PaletteEntry } from "./types.ts";

interface BlockSchema {
  description?: string;
  examples?: Record<string, unknown>[];
  properties?: { type?: { const?: string } };
}

/**
 * The block registry as the outline's palette offers it: every block type with its schema's
 * description and its schema's example (the props a new block starts with), so adding a
 * block type to the registry adds it here.
 */
export function blockPalette(): PaletteEntry[] {
  return (blockSchemas as readonly BlockSchema[]).flatMap((schema) => {
    const type = schema.properties?.type?.const;
    const example = schema.examples?.[0];
    return type && example ? [{ type, description: schema.description ?? "", example }] : [];
  });
}
