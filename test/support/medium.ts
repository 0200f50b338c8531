import { Logger, type DynamicModule, type InjectionToken, type LoggerService, type Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { foundationModules } from '../../src/app.module.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { pipelineTopology, topicNamesOf, type TopicNames } from '../../src/topology.js';
import { TopicRecorder } from './failure-scenarios.js';
import type { HttpsReceiver } from './https-receiver.js';
import { PipelineFixtures, type SubscriptionFixture } from './pipeline-fixtures.js';
import { testConfig, uniqueId } from './test-config.js';

const silent: LoggerService = { log: () => undefined, error: () => undefined, warn: () => undefined };

/** A provider of the module that the test replaces: the token, and what stands in for it. */
export interface Replacement {
  provide: InjectionToken;
  useValue: unknown;
}

/**
 * One feature module as the app builds it: on the app's own foundation modules (foundationModules:
 * configuration, topology, Postgres, Kafka, outbox, egress, dead-letter index) of `config`, with
 * `replacements` standing in for the collaborators the test cuts off, compiled and initialised
 * (onModuleInit and onApplicationBootstrap have run).
 */
export async function mediumModule(
  config: AppConfig,
  feature: Type | DynamicModule,
  replacements: readonly Replacement[] = [],
): Promise<TestingModule> {
  const builder = Test.createTestingModule({ imports: [...foundationModules(config), feature] });
  // Quiet as the app is under testConfig's LOG_LEVEL=silent (Nest's testing logger would print errors).
  if (config.runtime.logLevel === 'silent') builder.setLogger(silent);
  for (const { provide, useValue } of replacements) builder.overrideProvider(provide).useValue(useValue);
  const module = await builder.compile();
  return module.init();
}

export interface MediumStackOptions {
  /** Variables over testConfig's; with a receiver, EGRESS_CA_FILE is its certificate. */
  env?: Record<string, string>;
  /** Started by the stack and stopped with it. */
  receiver?: HttpsReceiver;
}

/**
 * What a medium suite stands on: its own configuration (topics, groups, operations namespace),
 * tenant and Kafka client (which creates the topics), row fixtures, topic recorders, and the
 * modules it compiled, all closed by close().
 */
export class MediumStack {
  readonly tenant = uniqueId('tenant-');
  readonly config: AppConfig;
  readonly kafka: KafkaService;
  readonly fixtures: PipelineFixtures;
  readonly topics: TopicNames;
  private readonly modules: TestingModule[] = [];
  private readonly recorders: TopicRecorder[] = [];

  private constructor(
    env: Record<string, string>,
    readonly receiver?: HttpsReceiver,
  ) {
    this.config = testConfig(env);
    this.kafka = new KafkaService(this.config, pipelineTopology(this.config));
    this.fixtures = new PipelineFixtures(this.kafka);
    this.topics = topicNamesOf(this.config);
  }

  static async start({ env = {}, receiver }: MediumStackOptions = {}): Promise<MediumStack> {
    await receiver?.start();
    const stack = new MediumStack(receiver ? { EGRESS_CA_FILE: receiver.caFile, ...env } : env, receiver);
    // The test's own Kafka client logs through Nest's Logger too.
    if (stack.config.runtime.logLevel === 'silent') Logger.overrideLogger(silent);
    await stack.kafka.start();
    return stack;
  }

  get prefix(): string {
    return this.config.kafka.topicPrefix;
  }

  /** mediumModule on this stack's configuration; closed with the stack. */
  async module(feature: Type | DynamicModule, replacements: readonly Replacement[] = []): Promise<TestingModule> {
    const module = await mediumModule(this.config, feature, replacements);
    this.modules.push(module);
    return module;
  }

  /** Records `topic` from its beginning until the stack closes. */
  async record<T>(topic: string): Promise<TopicRecorder<T>> {
    const recorder = await new TopicRecorder<T>(this.kafka, topic).start();
    this.recorders.push(recorder as TopicRecorder);
    return recorder;
  }

  /** How many records `topic` holds (every producer of it resolves once its records are acknowledged). */
  async recordCount(topic: string): Promise<number> {
    const admin = this.kafka.kafka.admin();
    await admin.connect();
    try {
      return (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high), 0);
    } finally {
      await admin.disconnect();
    }
  }

  /** A subscription row of the stack's tenant (a receiver path becomes its URL on the receiver). */
  subscription(s: Partial<Omit<SubscriptionFixture, 'url'>> & { url?: string; path?: string }): Promise<string> {
    const url = s.url ?? this.receiver?.url(s.path) ?? 'https://127.0.0.1:9/hook';
    return this.fixtures.insertSubscription({ tenantId: this.tenant, events: ['*'], ...s, url });
  }

  async close(): Promise<void> {
    for (const module of this.modules.reverse()) await module.close();
    for (const recorder of this.recorders) await recorder.stop();
    await this.kafka.onModuleDestroy();
    await this.fixtures.close();
    await this.receiver?.stop();
  }
}
