import { VersioningType } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module.js';
import { AppConfig } from '../platform/config/app-config.js';
import { buildOpenApiDocument } from '../platform/http/openapi.js';

/**
 * The OpenAPI document the api role serves, built without the stack: Nest's preview mode resolves
 * the module graph but instantiates no provider, so nothing connects to Postgres or Kafka, and the
 * controllers' metadata is all the document needs. Every role, so every controller is in it.
 */
export async function createOpenApiDocument(): Promise<OpenAPIObject> {
  const config = AppConfig.fromEnv({ ROLES: 'all', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRoot(config), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  // As startApp does: the version is part of every route.
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
  try {
    return buildOpenApiDocument(app, { batchMaxItems: config.api.batchMaxItems });
  } finally {
    await app.close();
  }
}
