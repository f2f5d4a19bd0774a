/**
 * The platform API as an OpenAPI 3.1 document, built from the endpoint table
 * (contract/endpoints.ts) and the body schemas, written to contract/openapi.json.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ENDPOINTS, type Endpoint } from "../../contract/endpoints.ts";
import { bodySchemaIds, contractSchemas } from "../../contract/schemas/index.ts";
import { allSchemas } from "../../schemas/index.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const OPENAPI_FILE = path.join(root, "contract/openapi.json");

type Schema = { $id: string } & Record<string, unknown>;

const schemasById = new Map<string, Schema>(
  [...allSchemas, ...contractSchemas].map((schema) => [schema.$id, schema as Schema]),
);

/** A schema's name among the document's components: its `$id` path without `.schema.json`. */
const componentName = (id: string) =>
  new URL(id).pathname
    .replace(/^\//, "")
    .replace(/\.schema\.json$/, "")
    .replace(/\//g, "-");

/** Ids of the schema files `id` needs, itself included, through whole-file and partial refs. */
function withReferences(id: string, into = new Set<string>()): Set<string> {
  if (into.has(id)) return into;
  into.add(id);
  JSON.stringify(schemasById.get(id), (key, value) => {
    if (key === "$ref" && typeof value === "string" && !value.startsWith("#")) {
      const target = new URL(value, id);
      target.hash = "";
      if (schemasById.has(target.toString())) withReferences(target.toString(), into);
    }
    return value;
  });
  return into;
}

/**
 * A schema with every `$ref` pointing into the document's components, its own `#/...` ones
 * included: tools resolve refs within one document far more often than between files.
 */
function withDocumentRefs(schema: object, id: string): object {
  return JSON.parse(
    JSON.stringify(schema, (key, value) => {
      if (key !== "$ref" || typeof value !== "string") return value;
      const target = new URL(value, id);
      const pointer = target.hash.replace(/^#/, "");
      target.hash = "";
      return `#/components/schemas/${componentName(target.toString())}${pointer}`;
    }),
  );
}

/** A body schema named in the table, as a reference into the document's components. */
function schemaRef(name: keyof typeof bodySchemaIds): { $ref: string } {
  const url = new URL(bodySchemaIds[name]);
  const pointer = url.hash.replace(/^#/, "");
  url.hash = "";
  return { $ref: `#/components/schemas/${componentName(url.toString())}${pointer}` };
}

const json = (schema: object) => ({ "application/json": { schema } });
const errorAnswer = (description: string) => ({
  description,
  content: json(schemaRef("apiErrorBody")),
});

const CLIENT_HEADERS = [
  { $ref: "#/components/parameters/Realm" },
  { $ref: "#/components/parameters/App" },
];

function operation(name: string, endpoint: Endpoint) {
  const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({
    name: param,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const security =
    endpoint.auth === "public"
      ? []
      : endpoint.auth === "client"
        ? [{ apiKey: [] }]
        : [{ apiKey: [], bearer: [] }];
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.auth],
    parameters: [...params, ...(endpoint.auth === "public" ? [] : CLIENT_HEADERS)],
    security,
    ...(endpoint.request
      ? { requestBody: { required: true, content: json(schemaRef(endpoint.request)) } }
      : {}),
    responses: {
      "200": endpoint.response
        ? { description: "The answer", content: json(schemaRef(endpoint.response)) }
        : { description: "The answer" },
      ...(endpoint.request
        ? { "400": errorAnswer("The body does not fit its schema (`pointer` names the field)") }
        : {}),
      default: errorAnswer("An error"),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<string>();
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(name, endpoint);
    for (const body of [endpoint.request, endpoint.response, "apiErrorBody" as const]) {
      if (!body) continue;
      const url = new URL(bodySchemaIds[body]);
      url.hash = "";
      withReferences(url.toString(), used);
    }
  }
  const schemas = Object.fromEntries(
    [...used].sort().map((id) => {
      const { $schema: _dialect, $id: _id, ...schema } = schemasById.get(id)!;
      return [componentName(id), withDocumentRefs(schema, id)];
    }),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Streaming platform API",
      version: "1",
      description:
        "The contract between client apps and the platform (docs/api.md). Generated from contract/endpoints.ts by `npm run schemas`.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/api" }],
    paths,
    components: {
      schemas,
      parameters: {
        Realm: { name: "Realm", in: "header", required: true, schema: { type: "string" } },
        App: { name: "App", in: "header", required: true, schema: { type: "string" } },
      },
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
  };
}

/** Writes or checks contract/openapi.json; returns how many files were out of date. */
export async function generateOpenApi({ check }: { check: boolean }): Promise<number> {
  const text = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  const current = await readFile(OPENAPI_FILE, "utf8").catch(() => "");
  if (current === text) return 0;
  const shown = path.relative(root, OPENAPI_FILE);
  if (check) {
    console.error(`${shown} is out of date: run npm run schemas`);
    return 1;
  }
  await writeFile(OPENAPI_FILE, text);
  console.log(`wrote ${shown}`);
  return 0;
}
