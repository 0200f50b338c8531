import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/**
 * The OpenAPI 3 document, generated from the controllers and DTOs, at GET /v1/openapi.json, with
 * interactive docs at /docs.
 */
export function mountOpenApi(app: INestApplication): void {
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
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'v1/openapi.json',
    yamlDocumentUrl: 'v1/openapi.yaml',
  });
}
