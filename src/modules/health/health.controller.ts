import { Controller, Get, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator, HealthIndicatorService } from '@nestjs/terminus';
import { KafkaService } from '../../platform/kafka/kafka.service.js';

/** Liveness answers while the process runs; readiness only while Postgres and Kafka answer. */
@ApiExcludeController()
@Controller({ path: 'health', version: VERSION_NEUTRAL })
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly kafka: KafkaService,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.db.pingCheck('postgres', { timeout: 2000 }),
      async () => {
        const kafka = this.indicators.check('kafka');
        return (await this.kafka.isHealthy()) ? kafka.up() : kafka.down();
      },
    ]);
  }
}
