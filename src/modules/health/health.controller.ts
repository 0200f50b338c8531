import { Controller, Get, Res, ServiceUnavailableException, VERSION_NEUTRAL } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  HealthCheckService,
  TypeOrmHealthIndicator,
  HealthIndicatorService,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { KafkaService } from '../../platform/kafka/kafka.service.js';
import { PipelineHealth, type HealthVerdict } from '../../platform/kafka/pipeline-health.js';

/**
 * Liveness answers while the process runs and has not been unable to produce for long; readiness
 * only while Postgres and Kafka answer and the pipeline can move records (it produced since its
 * last produce error, and is not parking records as processing_error).
 */
@ApiExcludeController()
@Controller({ path: 'health', version: VERSION_NEUTRAL })
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly kafka: KafkaService,
    private readonly pipeline: PipelineHealth,
  ) {}

  @Get('live')
  live(@Res({ passthrough: true }) res: ServerResponse) {
    return this.check(res, [() => this.verdict('pipeline', this.pipeline.liveness())]);
  }

  @Get('ready')
  ready(@Res({ passthrough: true }) res: ServerResponse) {
    return this.check(res, [
      () => this.db.pingCheck('postgres', { timeout: 2000 }),
      async () => {
        const kafka = this.indicators.check('kafka');
        return (await this.kafka.isHealthy()) ? kafka.up() : kafka.down();
      },
      () => this.verdict('pipeline', this.pipeline.readiness()),
    ]);
  }

  /** A failed check answers 503 with terminus's own body (which check, and why), not the API's error body. */
  private async check(res: ServerResponse, indicators: HealthIndicatorFunction[]) {
    try {
      return await this.health.check(indicators);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.statusCode = 503;
      return error.getResponse();
    }
  }

  private verdict(name: string, { ok, reason }: HealthVerdict) {
    const indicator = this.indicators.check(name);
    return ok ? indicator.up() : indicator.down({ reason });
  }
}
