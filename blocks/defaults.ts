/** The properties of a block schema that declare a `default`, with that default's type. */
export type SchemaDefaults<S extends { properties: object }> = {
  [
    K in keyof S["properties"] as S["properties"][K] extends { default: unknown } ? K : never
  ]: S["properties"][K] extends { default: infer D } ? D : never;
};

/**
 * The `default` values a block's schema declares, by property: what an editor reads in the
 * schema is what the block does when the property is left out.
 */
export function schemaDefaults<S extends { properties: object }>(schema: S): SchemaDefaults<S> {
  return Object.fromEntries(
    Object.entries(schema.properties as Record<string, { default?: unknown }>)
      .filter(([, property]) => property.default !== undefined)
      .map(([name, property]) => [name, property.default]),
  ) as SchemaDefaults<S>;
}
