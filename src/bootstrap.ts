import { Logger, VersioningType, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { mountConsole } from './modules/console/console-static.js';
import { SubscriptionPressure } from './modules/delivery/pressure/subscription-pressure.js';
import { EventCatalog } from './modules/event-types/event-catalog.js';
import type { ContractFacts } from './platform/http/openapi.js';
import { AppConfig } from './platform/config/app-config.js';
import { DeadLetterWriter } from './platform/kafka/dead-letter.writer.js';
import { KafkaPipelineTransport } from './platform/kafka/kafka-pipeline.transport.js';
import { KafkaService } from './platform/kafka/kafka.service.js';
import { PipelineHealth } from './platform/kafka/pipeline-health.js';
import { WrittenWatermarks } from './platform/kafka/written-watermarks.js';
import { EgressClient } from './platform/egress/egress-client.js';
import { ShutdownDeadline } from './platform/lifecycle/shutdown-deadline.js';
import { configureHttp } from './platform/http/configure-http.js';
import { nestLogger } from './platform/logging/start-logger.js';

export interface StartOptions {
  /** Told as soon as the application exists, so a signal during the start can close it. */
  onCreated?: (app: INestApplication) => void;
}

/** What the served OpenAPI document states beyond the code: the batch limit and the live event catalog. */
function openApiFacts(app: INestApplication, config: AppConfig): ContractFacts {
  const catalog = config.hasRole('api') ? app.get(EventCatalog, { strict: false }) : undefined;
  const current = () =>
    catalog!
      .list()
      .filter((t) => t.archivedAt === null)
      .map((t) => t.type);
  return { batchMaxItems: config.api.batchMaxItems, eventTypes: catalog && current };
}

/**
 * Nest destroys modules (the producer, the database, the egress pool) before it closes
 * microservices, which would cut off the records still in flight: their handlers would fail, be
 * tried again (the endpoint called again) and stay uncommitted, so the next instance delivered them
 * once more. So closing the app first drains the pipeline (up to SHUTDOWN_TIMEOUT_MS, when the
 * requests still open are cut and recorded) and commits; Nest's own close of it is then a no-op.
 *
 * The application object is a Proxy whose `set` trap answers an assignment to one of its methods
 * without assigning anything: `app.close = …` would silently keep Nest's close. defineProperty has
 * no trap and reaches the application itself, whose `get` then serves the override; Nest's close
 * is taken from the prototype, since reading `app.close` would resolve to the override at call time.
 */
export function drainPipelineFirst(app: INestApplication, pipeline: Pick<KafkaPipelineTransport, 'close'>): void {
  const close = (Object.getPrototypeOf(app) as INestApplication).close;
  const drainingClose = async (...args: Parameters<INestApplication['close']>) => {
    await pipeline.close();
    return close.apply(app, args);
  };
  Object.defineProperty(app, 'close', { value: drainingClose, configurable: true, writable: true });
}

/**
 * Builds and starts the whole service for the given configuration: the HTTP API (and health) plus
 * the Kafka pipeline consumers of the enabled roles. Used by main.ts and by the e2e tests.
 */
export async function startApp(config: AppConfig, options: StartOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), {
    abortOnError: false,
    // pino from the first line, unbuffered: each line is JSON and carries the time it happened.
    logger: nestLogger(config),
    bodyParser: false,
  });
  options.onCreated?.(app);
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
  configureHttp(app, config, openApiFacts(app, config));
  if (config.hasRole('api')) mountConsole(app);
  const deadline = app.get(ShutdownDeadline);
  const egress = app.get(EgressClient);
  deadline.onCut(() => egress.cutInFlight());
  const pipeline = new KafkaPipelineTransport(
    config,
    app.get(KafkaService),
    app.get(DeadLetterWriter),
    app.get(PipelineHealth),
    app.get(SubscriptionPressure),
    app.get(WrittenWatermarks),
    deadline,
  );
  drainPipelineFirst(app, pipeline);
  try {
    app.connectMicroservice({ strategy: pipeline }, { inheritAppConfig: true });
    // Modules first (migrations, topics, producer), so consumers start on a ready platform.
    await app.init();
    await app.startAllMicroservices();
    await app.listen(config.http.port, config.http.host);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  new Logger('Hookline').log(
    `listening on ${config.http.host}:${config.http.port}, roles: ${[...config.roles].join(',')}`,
  );
  return app;
}
