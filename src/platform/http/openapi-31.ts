import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Keywords whose value is one schema, and those whose value is a list or a map of schemas. */
const ONE = ['items', 'not', 'additionalProperties', 'propertyNames', 'contains'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties'];

/**
 * OpenAPI 3.0's `nullable` in JSON Schema 2020-12 (OpenAPI 3.1): null joins the type (and the enum),
 * or, where the schema names no type (a $ref, a composition), an alternative of its own.
 */
function withoutNullable(schema: Json): Json {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  if (typeof rest.type === 'string') {
    const enumWithNull = Array.isArray(rest.enum) && !rest.enum.includes(null) ? { enum: [...rest.enum, null] } : {};
    return { ...rest, type: [rest.type, 'null'], ...enumWithNull };
  }
  if (rest.$ref || rest.allOf || rest.oneOf || rest.anyOf) {
    const { description, ...inner } = rest;
    return { ...(description ? { description } : {}), anyOf: [inner, { type: 'null' }] };
  }
  return rest; // no type: null is already allowed
}

/** A schema and everything below it, in JSON Schema 2020-12. */
export function toJsonSchema2020(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Json = withoutNullable(schema as Json);
  for (const key of ONE) if (out[key] && typeof out[key] === 'object') out[key] = toJsonSchema2020(out[key]);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = out[key].map(toJsonSchema2020);
  for (const key of MAP)
    if (out[key] && typeof out[key] === 'object')
      out[key] = Object.fromEntries(Object.entries(out[key] as Json).map(([k, v]) => [k, toJsonSchema2020(v)]));
  return out;
}

function convertContent(content: Json | undefined): void {
  for (const media of Object.values(content ?? {}) as Json[])
    if (media.schema) media.schema = toJsonSchema2020(media.schema);
}

function convertHeaders(headers: Json | undefined): void {
  for (const header of Object.values(headers ?? {}) as Json[])
    if (header.schema) header.schema = toJsonSchema2020(header.schema);
}

/**
 * The document as OpenAPI 3.1, whose schemas are JSON Schema 2020-12: it can state what 3.0 cannot
 * (`propertyNames`: a metadata key is 1–64 characters), and a fuzzer or validator then checks it.
 */
export function asOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const doc = document as unknown as Json;
  doc.openapi = '3.1.0';
  const schemas: Json = doc.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) schemas[name] = toJsonSchema2020(schemas[name]);
  for (const item of Object.values(doc.paths ?? {}) as Json[]) {
    for (const operation of Object.values(item) as Json[]) {
      if (!operation || typeof operation !== 'object') continue;
      for (const parameter of (operation.parameters ?? []) as Json[])
        if (parameter.schema) parameter.schema = toJsonSchema2020(parameter.schema);
      convertContent(operation.requestBody?.content);
      for (const response of Object.values(operation.responses ?? {}) as Json[]) {
        convertContent(response.content);
        convertHeaders(response.headers);
      }
    }
  }
  return document;
}
