import { Module } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';
import { HttpMetrics } from './http-metrics.js';
import { KafkaLagMetrics } from './kafka-lag.js';
import { MetricsController } from './metrics.controller.js';

// Process metrics (CPU, memory, event loop lag, GC), once per process.
if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();

/** GET /metrics and the metrics no single feature owns: API traffic, consumer lag, retry-tier depth. */
@Module({ controllers: [MetricsController], providers: [HttpMetrics, KafkaLagMetrics] })
export class TelemetryModule {}
