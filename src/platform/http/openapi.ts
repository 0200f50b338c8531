import type { INestApplication } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { setPageSecurityHeaders } from './page-security.js';
import { getMetadataStorage } from 'class-validator';
import { completeContract } from './openapi-contract.js';
import { asOpenApi31 } from './openapi-31.js';
import { addSchemaRules } from './schema-rules.js';
import { addLinks } from './openapi-links.js';
import { documentValidation } from './validation-schema.js';

/** The URI version every documented route lives under; the document's one server. */
export const API_BASE_PATH = '/v1';

/**
 * The version is the server's base path, not part of each path: a client generated from the
 * document targets `/v1` once, and the next major version is a new document with a new server.
 */
export function versionAsServer(document: OpenAPIObject, base = API_BASE_PATH): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const relative = path === base ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : undefined;
    if (relative === undefined) throw new Error(`OpenAPI path ${path} is outside ${base}`);
    paths[relative] = item;
  }
  return { ...document, servers: [{ url: base }], paths };
}

export interface ContractFacts {
  batchMaxItems: number;
  /** The catalog's current (not archived) event types: what a subscription's exact `events` may name. */
  eventTypes?: () => string[];
}

/**
 * The OpenAPI 3 document, generated from the controllers and DTOs. The running app serves it (see
 * mountOpenApi); `npm run client:generate` builds it without the stack (src/devtools/openapi-document.ts).
 * This is the static document, the one a generated client is built from: the live catalog is added
 * only to the copy served.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  facts: Pick<ContractFacts, 'batchMaxItems'>,
): OpenAPIObject {
  // The validation rules are the source of the document's constraints (docs/architecture.md).
  for (const target of validatedModels()) documentValidation(target);
  const config = new DocumentBuilder()
    .setTitle('Hookline API')
    .setDescription(
      'Register webhook subscriptions and read the event catalog. Every error uses the error body ' +
        '{error: {code, message, details[], request_id, documentation_url}}; every response carries ' +
        'X-Request-Id and X-RateLimit-* headers.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key of your tenant' })
    .build();
  const document = versionAsServer(completeContract(SwaggerModule.createDocument(app, config)));
  addSchemaRules(document, validatedModels());
  addLinks(document);
  describeBatch(document, facts.batchMaxItems);
  return asOpenApi31(document);
}

/**
 * A batch is refused whole (422) for an item of the wrong shape; the catalog, the URL policy and
 * conflicts are each item's own result. So its items have a component of their own, which the
 * served document's live catalog (withCatalog) leaves alone: an unknown event type is schema-valid
 * there and answered in the item's result.
 */
function describeBatch(document: OpenAPIObject, batchMaxItems: number): void {
  const schemas = (document.components!.schemas ??= {}) as Record<string, { description?: string }>;
  const batch = document.paths['/webhooks/batch']?.post?.requestBody as { content: Record<string, { schema: object }> };
  schemas.BatchSubscriptionItem = {
    ...schemas.CreateSubscriptionDto,
    description: 'A subscription to create; its event types are checked against the catalog in its own result',
  };
  Object.assign(batch.content['application/json'].schema, {
    items: { $ref: '#/components/schemas/BatchSubscriptionItem' },
    minItems: 1,
    maxItems: batchMaxItems,
  });
  const events = document.paths['/events/batch']?.post?.requestBody as
    { content: Record<string, { schema: object }> } | undefined;
  if (events) Object.assign(events.content['application/json'].schema, { minItems: 1, maxItems: batchMaxItems });
}

/** The document at GET /v1/openapi.json, with interactive docs at /docs. */
export function mountOpenApi(app: INestApplication, facts: ContractFacts): void {
  const document = buildOpenApiDocument(app, facts);
  // Swagger UI's pages get the console's policy: its scripts are its own files, and it calls only this API.
  app.use('/docs', (_req: unknown, res: ServerResponse, next: () => void) => {
    setPageSecurityHeaders(res);
    next();
  });
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'v1/openapi.json',
    yamlDocumentUrl: 'v1/openapi.yaml',
    patchDocumentOnRequest: (_req, _res, doc) => (facts.eventTypes ? withCatalog(doc, facts.eventTypes()) : doc),
  });
}

/** Classes that are both validated (class-validator) and documented (@ApiProperty): the API's DTOs. */
function validatedModels(): (new () => unknown)[] {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<new () => unknown, unknown> };
  return [...storage.validationMetadatas.keys()].filter(
    (target) =>
      typeof target === 'function' && Reflect.getMetadata('swagger/apiModelPropertiesArray', target.prototype),
  );
}

const SUBSCRIPTION_INPUTS = ['CreateSubscriptionDto', 'SubscriptionFieldsDto', 'CreateSubscriptionDtoMergePatch'];
/** A wildcard subscription pattern (event-type-name.ts): accepted before any matching type exists. */
const WILDCARD = '^(\\*|[a-z0-9_-]+(\\.[a-z0-9_-]+)*\\.\\*)$';

/**
 * The catalog is live (API, schema registry), so the document served says which exact types a
 * subscription may name at the moment it is read; the validation checks the same catalog.
 */
export function withCatalog(document: OpenAPIObject, eventTypes: string[]): OpenAPIObject {
  const schemas = { ...document.components?.schemas } as Record<string, { properties?: Record<string, object> }>;
  for (const name of SUBSCRIPTION_INPUTS) {
    const schema = schemas[name];
    const events = schema?.properties?.events as { items?: { maxLength?: number } } | undefined;
    if (!schema || !events) continue;
    const maxLength = events.items?.maxLength;
    const items = {
      anyOf: [
        { type: 'string', enum: eventTypes },
        { type: 'string', pattern: WILDCARD, maxLength },
      ],
    };
    schemas[name] = { ...schema, properties: { ...schema.properties, events: { ...events, items } } };
  }
  return { ...document, components: { ...document.components, schemas } } as OpenAPIObject;
}
