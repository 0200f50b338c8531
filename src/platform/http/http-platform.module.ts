import { Global, Module } from '@nestjs/common';
import { LoggingModule } from '../logging/logging.module.js';
import { DeprecationInterceptor } from './deprecation.js';

/**
 * HTTP conventions shared by every route: structured logs in which each line of a request carries
 * its request id (pino, via async context), and the deprecation mechanism. The raw middlewares
 * (request id, negotiation, body parsing), the error filter and OpenAPI are mounted by configureHttp.
 */
@Global()
@Module({
  // pino with request_id, trace_id/span_id and redaction: platform/logging/logger-options.ts.
  imports: [LoggingModule],
  providers: [DeprecationInterceptor],
  exports: [DeprecationInterceptor],
})
export class HttpPlatformModule {}
