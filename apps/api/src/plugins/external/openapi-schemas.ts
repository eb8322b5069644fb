// Two corrections to the schemas zod writes into the OpenAPI document, made once the whole document is
// built, so that a client generated from it gets the types the API really accepts and answers.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const SCHEMA_REF_PREFIX = '#/components/schemas/';

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * zod writes a record keyed by an enum (the scope map) as `propertyNames` + `additionalProperties` +
 * `required`: valid JSON Schema, but its required keys are defined nowhere, and generators fall back to
 * an open map (openapi-typescript: `{ [key: string]: boolean }`, where any key type-checks and every
 * read may be undefined). zod takes exactly those keys, each required: naming each as a property says
 * the same in the form every generator reads (`{ mlb: boolean; … }`).
 */
function spellOutEnumKeys(schema: JsonObject): JsonObject {
  const keys = isObject(schema.propertyNames) ? schema.propertyNames.enum : undefined;
  const value = schema.additionalProperties;
  if (!Array.isArray(keys) || !isObject(value) || schema.properties !== undefined) return schema;
  const { propertyNames: _names, ...rest } = schema;
  const properties = Object.fromEntries(keys.map((key) => [String(key), value]));
  return { ...rest, properties, additionalProperties: false };
}

/** The document with every enum-keyed record spelled out, wherever it sits. */
export function withEnumKeyedRecordsSpelledOut<T extends object>(document: T): T {
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObject(node)) return node;
    const visited = Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    return spellOutEnumKeys(visited);
  };
  return visit(document as Json) as T;
}

function schemaRefs(node: Json, found: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => schemaRefs(child, found));
  else if (isObject(node)) {
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF_PREFIX)) {
        found.add(child.slice(SCHEMA_REF_PREFIX.length));
      } else schemaRefs(child, found);
    }
  }
  return found;
}

/**
 * Every schema with an id is written twice, as the input and the output version (`UserInput`, `User`),
 * though most are used one way only. Keeps the schemas the operations reach, directly or through others.
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  const { components = {}, ...outsideComponents } = document as JsonObject;
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  const used = schemaRefs(outsideComponents, new Set());
  if (isObject(components)) schemaRefs({ ...components, schemas: {} }, used);
  for (const name of used) schemaRefs(schemas[name] ?? null, used);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...(isObject(components) ? components : {}), schemas: kept } };
}
