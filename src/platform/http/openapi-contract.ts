import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBodyDto' };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const integerHeader = (description: string, required = false) => ({
  description,
  required,
  schema: { type: 'integer', minimum: 0 },
});

/** Set on every answer to an API key (the rate-limit middleware runs before any route). */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader('Requests allowed in the current one-minute window'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current window'),
  'X-RateLimit-Reset': integerHeader('When the window resets, Unix seconds'),
};

const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description: 'The request id, also in the error body and every log line',
    schema: { type: 'string' },
  },
};

/** Deprecation (RFC 9745) and Sunset (RFC 8594), sent by every deprecated operation. */
const DEPRECATION_HEADERS = {
  Deprecation: {
    description: 'When the operation was deprecated: `@<unix seconds>`',
    required: true,
    schema: { type: 'string', pattern: '^@\\d+$' },
  },
  Sunset: {
    description: 'When the operation stops answering (HTTP date)',
    required: true,
    schema: { type: 'string' },
  },
  Link: { description: 'The successor: `<path>; rel="successor-version"`', schema: { type: 'string' } },
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'INVALID_FORMAT: the body is not valid JSON',
  401: 'UNAUTHENTICATED: no API key, or an unknown or revoked one',
  403: 'FORBIDDEN: the key lacks the scope this operation needs',
  404: 'NOT_FOUND: no such resource for your tenant (a malformed id included)',
  406: 'NOT_ACCEPTABLE: Accept does not admit application/json',
  409: 'CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md)',
  412: 'PRECONDITION_FAILED: If-Match does not match the current ETag',
  413: 'PAYLOAD_TOO_LARGE: the body exceeds API_BODY_LIMIT',
  415: 'UNSUPPORTED_MEDIA_TYPE: a Content-Type this operation does not take',
  422: 'VALIDATION_ERROR (every invalid field in details) or another semantic error',
  429: 'RATE_LIMITED: wait Retry-After seconds',
};

/**
 * The error statuses an operation can answer by its shape alone, because the middleware before
 * every route produces them: authentication and scopes (401, 403), content negotiation (406), the
 * rate limit (429), body parsing (400, 413, 415) and validation (422), path lookups (404),
 * Idempotency-Key (409 in use, 422 reused) and If-Match (412).
 */
export function impliedStatuses(operation: Json): number[] {
  const parameters: Json[] = operation.parameters ?? [];
  const has = (where: string, name?: string) =>
    parameters.some((p) => p.in === where && (!name || p.name.toLowerCase() === name));
  const statuses = [401, 403, 406, 429];
  if (operation.requestBody) statuses.push(400, 413, 415, 422);
  if (has('query')) statuses.push(422);
  if (has('path')) statuses.push(404);
  if (has('header', 'idempotency-key')) statuses.push(409, 422);
  if (has('header', 'if-match')) statuses.push(412);
  return statuses;
}

function declareResponses(operation: Json): void {
  const responses: Json = (operation.responses ??= {});
  for (const status of impliedStatuses(operation)) {
    responses[status] ??= {
      description: DESCRIPTIONS[status],
      content: { 'application/json': { schema: ERROR_BODY } },
    };
  }
  for (const [status, response] of Object.entries(responses) as [string, Json][]) {
    response.headers = { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS, ...response.headers };
    if (status === '429') {
      response.headers['Retry-After'] = integerHeader('Seconds to wait before retrying', true);
    }
    // Set by the route (deprecation.ts), so answers refused before it (401, 429) may lack them.
    const notice = operation['x-deprecation'] as Json | undefined;
    if (notice) {
      const own = status.startsWith('2');
      for (const [name, header] of Object.entries(deprecationHeaders(notice)) as [string, Json][]) {
        response.headers[name] = { ...header, required: own && header.required === true };
      }
    }
  }
}

/**
 * A deprecated operation (`x-deprecation`, from deprecation.ts): flagged, its description says
 * since when, until when and what replaces it, and its Deprecation, Sunset and Link headers have
 * the exact values it sends.
 */
function declareDeprecation(operation: Json): void {
  const notice = operation['x-deprecation'] as Json | undefined;
  if (!notice) return;
  operation.deprecated = true;
  const successor = notice.successor ? `; use ${String(notice.successor).replace(/^\/v1/, '')} instead` : '';
  const line = `Deprecated since ${notice.since}; answers until its Sunset, ${notice.sunset}${successor}.`;
  operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
}

function deprecationHeaders(notice: Json): Json {
  const exactly = (header: Json, value: string) => ({ ...header, schema: { ...header.schema, enum: [value] } });
  const headers: Json = {
    Deprecation: exactly(DEPRECATION_HEADERS.Deprecation, `@${Math.floor(Date.parse(notice.since) / 1000)}`),
    Sunset: exactly(DEPRECATION_HEADERS.Sunset, new Date(notice.sunset).toUTCString()),
  };
  if (notice.successor)
    headers.Link = exactly(DEPRECATION_HEADERS.Link, `<${notice.successor}>; rel="successor-version"`);
  return headers;
}

/**
 * An empty optional query value is the parameter left out, and no query value may hold U+0000 (see
 * ApiValidationPipe).
 */
function allowEmptyOptionalQueries(operation: Json): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    if (!parameter.required) parameter.allowEmptyValue = true;
    const schema = parameter.schema as Json | undefined;
    if (schema?.type === 'string' && !schema.pattern && !schema.enum && !schema.format)
      schema.pattern = '^[^\\u0000]*$';
  }
}

/**
 * Every request body schema refuses unknown fields, as the validation does (forbidNonWhitelisted),
 * and every success body says all it holds: an object schema with properties is closed.
 */
function closeSchemas(document: Json): void {
  const schemas: Json = document.components?.schemas ?? {};
  const seen = new Set<string>();
  const close = (schema: Json | undefined): void => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) {
      const name = String(schema.$ref).split('/').pop()!;
      if (seen.has(name) || !schemas[name]) return;
      seen.add(name);
      return close(schemas[name]);
    }
    if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) {
      schema.additionalProperties = false;
    }
    const { items, properties, allOf, oneOf, anyOf } = schema;
    for (const child of [
      items,
      ...Object.values(properties ?? {}),
      ...(allOf ?? []),
      ...(oneOf ?? []),
      ...(anyOf ?? []),
    ])
      close(child as Json);
  };
  for (const operation of operationsOf(document)) {
    for (const media of Object.values(operation.requestBody?.content ?? {}) as Json[]) close(media.schema);
    for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, Json][])
      if (status.startsWith('2'))
        for (const media of Object.values(response.content ?? {}) as Json[]) close(media.schema);
  }
}

/** One body schema per patch format: a merge patch is an object, a JSON Patch an array of operations. */
function schemaPerPatchFormat(document: Json, operation: Json): void {
  const content = operation.requestBody?.content as Json | undefined;
  const merge = content?.['application/merge-patch+json'];
  const json = content?.['application/json-patch+json'];
  const [object, array] = (merge?.schema?.oneOf ?? []) as Json[];
  if (!json || object?.type !== 'object' || array?.type !== 'array') return;
  merge.schema = mergePatchOf(document, object);
  json.schema = array;
}

/**
 * A merge patch of a resource (`x-merge-patch-of`: the component holding the creation rules): the
 * same members with the same rules, none required, `x-immutable` ones left out, and null allowed
 * where it removes an optional member (RFC 7396), down to a map's entries.
 */
function mergePatchOf(document: Json, object: Json): Json {
  const schemas: Json = document.components?.schemas ?? {};
  const sourceName = object['x-merge-patch-of'] as string;
  const source = schemas[sourceName] as Json | undefined;
  if (!source) return object;
  const immutable = new Set<string>(object['x-immutable'] ?? []);
  const required = new Set<string>(source.required ?? []);
  const properties: Json = {};
  for (const [name, rule] of Object.entries(source.properties ?? {}) as [string, Json][]) {
    if (immutable.has(name)) continue;
    if (required.has(name)) properties[name] = rule;
    else if (rule.type === 'object' && rule.additionalProperties)
      properties[name] = {
        ...rule,
        nullable: true,
        additionalProperties: { ...rule.additionalProperties, nullable: true },
      };
    else properties[name] = { ...rule, nullable: true };
  }
  // A component of its own, so the served document's live catalog constrains its events too.
  schemas[`${sourceName}MergePatch`] = {
    type: 'object',
    description: object.description,
    properties,
    additionalProperties: false,
  };
  return { $ref: `#/components/schemas/${sourceName}MergePatch` };
}

/**
 * `fields` names the members a response keeps, so where an operation takes it the resource's
 * members but `id` are optional: its responses refer to a copy of the resource that requires only `id` (a
 * page keeps its own members and lists such copies).
 */
function partialWithFields(document: Json, operation: Json): void {
  if (!(operation.parameters ?? []).some((p: Json) => p.in === 'query' && p.name === 'fields')) return;
  const schemas: Json = document.components?.schemas ?? {};
  const partialRef = (ref: string): string => {
    const name = ref.split('/').pop()!;
    const target = schemas[name] as Json | undefined;
    if (!target || name.endsWith('Fields')) return ref;
    const items = target.properties?.data?.items as Json | undefined;
    if (typeof items?.$ref === 'string') {
      const data = { ...target.properties.data, items: { $ref: partialRef(items.$ref) } };
      schemas[`${name}Fields`] ??= { ...target, properties: { ...target.properties, data } };
    } else {
      // The id is always kept (ParseViewOptions adds it to the fields named).
      const { required, ...rest } = target;
      const id = (required as string[] | undefined)?.includes('id') ? { required: ['id'] } : {};
      const description = `${rest.description ?? name}; with \`fields\`, only the members named (and id)`;
      schemas[`${name}Fields`] ??= { ...rest, ...id, description };
    }
    return `#/components/schemas/${name}Fields`;
  };
  for (const media of Object.values(operation.responses?.['200']?.content ?? {}) as Json[])
    if (typeof media.schema?.$ref === 'string') media.schema.$ref = partialRef(media.schema.$ref);
}

function operationsOf(document: Json): Json[] {
  return Object.values(document.paths as Json).flatMap((item: Json) =>
    METHODS.filter((m) => item[m]).map((m) => item[m] as Json),
  );
}

/**
 * Completes the generated document with what the HTTP conventions add to every operation (see
 * impliedStatuses), the bearer scheme on every operation, and empty optional query values.
 */
export function completeContract(document: OpenAPIObject): OpenAPIObject {
  const doc = document as unknown as Json;
  doc.security = [{ bearer: [] }];
  for (const operation of operationsOf(doc)) {
    allowEmptyOptionalQueries(operation);
    declareDeprecation(operation);
    declareResponses(operation);
    schemaPerPatchFormat(doc, operation);
    partialWithFields(doc, operation);
  }
  closeSchemas(doc);
  return document;
}
