import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config.js';
import { DeprecationInterceptor } from './deprecation.js';
import { requestIdOf } from './request-id.js';

/**
 * HTTP conventions shared by every route: structured logs in which each line of a request carries
 * its request id (pino, via async context), and the deprecation mechanism. The raw middlewares
 * (request id, negotiation, body parsing), the error filter and OpenAPI are mounted by configureHttp.
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.env.LOG_LEVEL,
          genReqId: (req: IncomingMessage) => requestIdOf(req),
          quietReqLogger: true,
          // Keys and cookies never reach a log line.
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
        },
      }),
    }),
  ],
  providers: [DeprecationInterceptor],
  exports: [DeprecationInterceptor],
})
export class HttpPlatformModule {}
