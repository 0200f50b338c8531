import { Module, type OnModuleDestroy } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';
import { AppConfig } from '../config/app-config.js';
import { HttpMetrics } from './http-metrics.js';
import { KafkaLagMetrics } from './kafka-lag.js';
import { MetricsServer } from './metrics-server.js';
import { subscriptionSeries } from './subscription-series.js';

// Process metrics (CPU, memory, event loop lag, GC), once per process.
if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();

const SWEEP_EVERY_MS = 60_000;

/**
 * The private /metrics listener and the metrics no single feature owns: API traffic, consumer lag,
 * retry-tier depth; and the bound on per-subscription series (METRICS_MAX_SUBSCRIPTION_SERIES),
 * whose idle subscriptions are swept every minute.
 */
@Module({ providers: [MetricsServer, HttpMetrics, KafkaLagMetrics] })
export class TelemetryModule implements OnModuleDestroy {
  private readonly sweeper: NodeJS.Timeout;

  constructor(config: AppConfig) {
    subscriptionSeries.configure(config.metrics.maxSubscriptionSeries);
    this.sweeper = setInterval(() => subscriptionSeries.sweep(), SWEEP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}
