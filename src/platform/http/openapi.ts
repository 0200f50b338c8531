import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

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

/**
 * The OpenAPI 3 document, generated from the controllers and DTOs. The running app serves it (see
 * mountOpenApi); `npm run client:generate` builds it without the stack (src/devtools/openapi-document.ts).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
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
  return versionAsServer(SwaggerModule.createDocument(app, config));
}

/** The document at GET /v1/openapi.json, with interactive docs at /docs. */
export function mountOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'v1/openapi.json',
    yamlDocumentUrl: 'v1/openapi.yaml',
  });
}
