import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { MetricsServer } from '../../src/platform/telemetry/metrics-server.js';
import { ApiClient } from './api-client.js';
import { TopicRecorder } from './failure-scenarios.js';
import { HttpsReceiver, type ReceivedRequest } from './https-receiver.js';
import { PipelineFixtures, type SubscriptionFixture } from './pipeline-fixtures.js';
import { testConfig, uniqueId } from './test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/** A subscription inserted before the app starts: a path on the receiver or a whole URL elsewhere. */
export type SubscriptionSpec = Omit<SubscriptionFixture, 'tenantId' | 'url'> & {
  path?: string;
  url?: string;
  /** Which of the harness's tenants owns it (0, the harness's own, unless said). */
  tenant?: number;
};

export interface HarnessOptions {
  /** Service variables over testConfig's; EGRESS_CA_FILE is the receiver's, API_KEYS the tenants'. */
  env?: Record<string, string>;
  /** How many tenants, each with an API key in API_KEYS (tenants[0] is `tenant`, keys[0] `key`). Default 1. */
  tenants?: number;
  /** An operator key in OPERATOR_API_KEYS (`operatorKey`). */
  operator?: boolean;
  /** Subscriptions inserted before the app starts, in order (their ids in `subscriptionIds`). */
  subscriptions?: SubscriptionSpec[];
  /** Runs once the test's Kafka client exists and before topics are created (e.g. to create one with settings). */
  beforeTopics?: (kafka: KafkaService, config: AppConfig) => Promise<void>;
  /** Runs once fixtures and subscriptions exist, before the app starts (rows the app must see at start). */
  beforeApp?: (harness: PipelineHarness) => Promise<unknown>;
  /** false: no app in this process (the spec runs the built service from `serviceEnv()`). Default true. */
  app?: boolean;
  receiver?: HttpsReceiver;
}

const apiKey = () => `hk_${randomBytes(16).toString('hex')}`;

/**
 * One e2e pipeline: an HTTPS receiver, a Kafka client for the test, row fixtures, tenants with API
 * keys, and the app on its own topics, groups and tenant. One call starts it all, one call tears it
 * down, including the further instances of the same deployment and the recorders it started.
 */
export class PipelineHarness {
  readonly tenants: string[];
  readonly keys: string[];
  readonly operatorKey = apiKey();
  readonly subscriptionIds: string[] = [];
  config!: AppConfig;
  kafka!: KafkaService;
  fixtures!: PipelineFixtures;
  api!: ApiClient;
  baseUrl = '';
  private main?: INestApplication;
  private readonly cleanups: (() => Promise<unknown>)[] = [];
  private readonly instances = new Set<INestApplication>();

  private constructor(
    readonly receiver: HttpsReceiver,
    tenants: number,
  ) {
    this.tenants = Array.from({ length: Math.max(tenants, 1) }, () => uniqueId('tenant-'));
    this.keys = this.tenants.map(apiKey);
  }

  /** The app this harness started (not after stopApp, until startApp). */
  get app(): INestApplication {
    if (!this.main) throw new Error('the harness app is not running');
    return this.main;
  }
  get tenant(): string {
    return this.tenants[0];
  }
  get key(): string {
    return this.keys[0];
  }
  /** The deployment's topic prefix; `topic('dlq')` is one of its topics. */
  get prefix(): string {
    return this.config.kafka.topicPrefix;
  }
  topic(name: string): string {
    return `${this.prefix}.${name}`;
  }

  static async start(options: HarnessOptions = {}): Promise<PipelineHarness> {
    const h = new PipelineHarness(options.receiver ?? new HttpsReceiver(), options.tenants ?? 1);
    try {
      await h.setUp(options);
    } catch (error) {
      await h.close().catch(() => undefined); // what did start: a failed start leaves nothing running
      throw error;
    }
    return h;
  }

  private async setUp(options: HarnessOptions): Promise<void> {
    await this.receiver.start();
    this.config = testConfig({
      EGRESS_CA_FILE: this.receiver.caFile,
      API_KEYS: this.tenants.map((t, i) => `${t}:${this.keys[i]}`).join(','),
      ...(options.operator ? { OPERATOR_API_KEYS: this.operatorKey } : {}),
      ...options.env,
    });
    this.kafka = new KafkaService(this.config, pipelineTopology(this.config));
    await options.beforeTopics?.(this.kafka, this.config);
    await this.kafka.start();
    this.fixtures = new PipelineFixtures(this.kafka);
    for (const { path, url, tenant, ...s } of options.subscriptions ?? [])
      this.subscriptionIds.push(
        await this.fixtures.insertSubscription({
          ...s,
          tenantId: this.tenants[tenant ?? 0],
          url: url ?? this.receiver.url(path ?? '/hook'),
        }),
      );
    await options.beforeApp?.(this);
    if (options.app !== false) await this.startApp();
  }

  /** Starts the app (again, after stopApp: a restart of the same deployment). */
  async startApp(): Promise<void> {
    this.main = await startApp(this.config);
    this.baseUrl = `http://127.0.0.1:${(this.main.getHttpServer().address() as AddressInfo).port}`;
    this.api = new ApiClient(this.baseUrl, this.key);
  }

  /** The app's private metrics listener (never the API port): `${metricsUrl}` is its /metrics. */
  get metricsUrl(): string {
    return metricsUrlOf(this.app);
  }

  /** Prometheus text of the app's /metrics. */
  async scrape(app: INestApplication = this.app): Promise<string> {
    return (await fetch(metricsUrlOf(app))).text();
  }

  /** Stops the app gracefully, as a shutdown does; startApp starts it again. */
  async stopApp(): Promise<void> {
    const app = this.main;
    this.main = undefined;
    await app?.close();
  }

  /** Stops the app and starts it again with some variables changed (the same deployment otherwise). */
  async restartWith(overrides: Record<string, string>): Promise<void> {
    await this.stopApp();
    this.config = AppConfig.fromEnv(this.serviceEnv(overrides));
    await this.startApp();
  }

  /** The service's variables as a child process of the built service takes them. */
  serviceEnv(overrides: Record<string, string> = {}): Record<string, string> {
    return envOf(this.config, overrides);
  }

  /** Another instance of the same deployment (same topics, groups and keys), e.g. with other ROLES; closed with the harness. */
  async startInstance(overrides: Record<string, string>): Promise<INestApplication> {
    const app = await startApp(AppConfig.fromEnv(this.serviceEnv(overrides)));
    this.instances.add(app);
    return app;
  }

  /** Closes an instance started by startInstance before the harness closes (a graceful shutdown). */
  async stopInstance(app: INestApplication | undefined): Promise<void> {
    if (!app || !this.instances.delete(app)) return;
    await app.close();
  }

  /** The built service as a child process of this deployment (not started), stopped with the harness. */
  async process(overrides: Record<string, string> = {}): Promise<ServiceProcess> {
    const child = new ServiceProcess(
      this.serviceEnv({
        PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        ...overrides,
      }),
    );
    this.cleanups.push(() => child.stop());
    return child;
  }

  /** Every record of one of the deployment's topics (`alerts`, `dlq`, …), from its beginning. */
  async record<T>(name: string): Promise<TopicRecorder<T>> {
    const recorder = await new TopicRecorder<T>(this.kafka, this.topic(name)).start();
    this.cleanups.push(() => recorder.stop());
    return recorder;
  }

  /** Something else to stop when the harness closes (a child process, …), before the app. */
  onClose(cleanup: () => Promise<unknown>): void {
    this.cleanups.push(cleanup);
  }

  /** How many records one of the deployment's topics holds (high watermarks summed over its partitions). */
  async produced(name = 'deliveries'): Promise<number> {
    const admin = this.kafka.kafka.admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(this.topic(name));
      return offsets.reduce((sum, p) => sum + Number(p.high), 0);
    } finally {
      await admin.disconnect();
    }
  }

  /** Events (or raw values) to the ingest topic, as the tenant's unless other headers are given. */
  publish(
    events: (object | Buffer)[],
    headers: Record<string, string> = { 'tenant-id': this.tenant },
  ): Promise<unknown> {
    return this.kafka.send(
      this.config.ingest.topics[0],
      events.map((e) => ({ value: Buffer.isBuffer(e) ? e : JSON.stringify(e), headers })),
    );
  }

  /** Whether every event reached every one of the paths. */
  delivered(events: { id: string }[], paths = ['/hook']): boolean {
    return this.undelivered(events, paths).length === 0;
  }

  /** The events that have not reached every one of the paths. */
  undelivered<E extends { id: string }>(events: E[], paths = ['/hook']): E[] {
    const seen = new Set(
      this.receiver.deliveries().map((r: ReceivedRequest) => `${r.path} ${r.headers['webhook-id']}`),
    );
    return events.filter((e) => !paths.every((p) => seen.has(`${p} ${e.id}`)));
  }

  async close(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const instance of [...this.instances].reverse()) await this.stopInstance(instance);
    await this.stopApp();
    await this.kafka?.onModuleDestroy();
    await this.fixtures?.close();
    await this.receiver.stop();
  }
}

/** The /metrics address of an app started in this process (its own listener, METRICS_PORT). */
export function metricsUrlOf(app: INestApplication): string {
  return `http://127.0.0.1:${app.get(MetricsServer).port}/metrics`;
}
