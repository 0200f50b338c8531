import type { INestApplication } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { answerClientErrors } from './client-errors.js';
import { contentNegotiationMiddleware } from './content-negotiation.js';
import { jsonBodyMiddleware } from './json-body.js';
import { mountOpenApi, type ContractFacts } from './openapi.js';
import { requestIdMiddleware } from './request-id.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const exceptDocs =
  (middleware: Middleware): Middleware =>
  (req, res, next) =>
    req.url?.startsWith('/docs') ? next() : middleware(req, res, next);

/**
 * Mounts the API conventions on the HTTP server before any route: request id first (so every
 * answer has one), then content negotiation and JSON body parsing, the error filter, pino as the
 * application logger, and the OpenAPI document. Called by startApp before listening.
 */
export function configureHttp(app: INestApplication, config: AppConfig, openApiFacts: ContractFacts): void {
  const server = app.getHttpAdapter().getInstance() as { disable(setting: string): void };
  server.disable('x-powered-by');
  server.disable('etag'); // ETags are the resources' versions, set explicitly
  answerClientErrors(app.getHttpServer());
  app.use(requestIdMiddleware);
  // With the API role, early errors wait for the rate-limit step (see deferred-error.ts).
  const defer = config.hasRole('api');
  app.use(exceptDocs(contentNegotiationMiddleware(defer)));
  app.use(jsonBodyMiddleware(config.api.bodyLimitBytes, defer));
  app.useGlobalFilters(new ApiExceptionFilter(server));
  app.useLogger(app.get(Logger));
  // The document describes the API role's routes; other roles serve health and metrics only.
  if (config.hasRole('api')) mountOpenApi(app, openApiFacts);
}
