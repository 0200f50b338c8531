import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver, type ReceivedRequest } from './https-receiver.js';
import { PipelineFixtures, type SubscriptionFixture } from './pipeline-fixtures.js';
import { testConfig, uniqueId } from './test-config.js';
import { pipelineTopology } from '../../src/topology.js';

export interface HarnessOptions {
  /** Service variables over testConfig's; EGRESS_CA_FILE is the receiver's. */
  env?: Record<string, string>;
  /** Subscriptions of the harness's tenant, inserted before the app starts: path on the receiver and patterns. */
  subscriptions?: (Omit<SubscriptionFixture, 'tenantId' | 'url'> & { path: string })[];
  /** Runs once the test's Kafka client exists and before topics are created (e.g. to create one with settings). */
  beforeTopics?: (kafka: KafkaService, config: AppConfig) => Promise<void>;
  receiver?: HttpsReceiver;
}

/**
 * One e2e pipeline: an HTTPS receiver, a Kafka client for the test, row fixtures, and the app on
 * its own topics, groups and tenant. One call starts it all, one call tears it down.
 */
export class PipelineHarness {
  readonly tenant = uniqueId('tenant-');
  readonly subscriptionIds: string[] = [];
  config!: AppConfig;
  kafka!: KafkaService;
  fixtures!: PipelineFixtures;
  app!: INestApplication;
  baseUrl = '';

  private constructor(readonly receiver: HttpsReceiver) {}

  static async start(options: HarnessOptions = {}): Promise<PipelineHarness> {
    const harness = new PipelineHarness(options.receiver ?? new HttpsReceiver());
    await harness.receiver.start();
    harness.config = testConfig({ EGRESS_CA_FILE: harness.receiver.caFile, ...options.env });
    harness.kafka = new KafkaService(harness.config, pipelineTopology(harness.config));
    await options.beforeTopics?.(harness.kafka, harness.config);
    await harness.kafka.start();
    harness.fixtures = new PipelineFixtures(harness.kafka);
    for (const { path, ...s } of options.subscriptions ?? [])
      harness.subscriptionIds.push(
        await harness.fixtures.insertSubscription({ ...s, tenantId: harness.tenant, url: harness.receiver.url(path) }),
      );
    harness.app = await startApp(harness.config);
    harness.baseUrl = `http://127.0.0.1:${(harness.app.getHttpServer().address() as AddressInfo).port}`;
    return harness;
  }

  /** Events to the ingest topic, as the tenant's. */
  publish(events: object[]): Promise<unknown> {
    return this.kafka.send(
      this.config.ingestTopics[0],
      events.map((e) => ({ value: JSON.stringify(e), headers: { 'tenant-id': this.tenant } })),
    );
  }

  /** Whether every event reached every one of the paths. */
  delivered(events: { id: string }[], paths = ['/hook']): boolean {
    const seen = new Set(
      this.receiver.deliveries().map((r: ReceivedRequest) => `${r.path} ${r.headers['webhook-id']}`),
    );
    return events.every((e) => paths.every((p) => seen.has(`${p} ${e.id}`)));
  }

  async close(): Promise<void> {
    await this.app?.close();
    await this.kafka?.onModuleDestroy();
    await this.fixtures?.close();
    await this.receiver.stop();
  }
}
