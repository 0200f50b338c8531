import type { AppConfig } from '../../src/platform/config/app-config.js';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { BootCheckError, KafkaPipelineTransport } from '../../src/platform/kafka/kafka-pipeline.transport.js';
import { DeadLetterWriter } from '../../src/platform/kafka/dead-letter.writer.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { Handlers, pipelineTopology } from '../../src/topology.js';
import { testConfig } from '../support/test-config.js';

/** A topic of an enabled role without its handler, or a handler registered twice, stops the boot. */
describe('pipeline boot check', () => {
  const pipelineOf = (config: AppConfig, kafka: KafkaService) =>
    new KafkaPipelineTransport(
      config,
      kafka,
      new DeadLetterWriter(kafka),
      new PipelineHealth(config),
      new SubscriptionPressure(config),
    );
  const listen = (transport: KafkaPipelineTransport) =>
    new Promise<unknown>((resolve) => void transport.listen((error?: unknown) => resolve(error)));

  it('fails when an enabled topic has no registered handler', async () => {
    const config = testConfig({ ROLES: 'ingest' });
    const kafka = new KafkaService(config, pipelineTopology(config));
    const transport = pipelineOf(config, kafka);
    transport.addHandler(Handlers.ingest, async () => undefined, true);

    const error = await listen(transport);
    expect(error).toBeInstanceOf(BootCheckError);
    expect((error as Error).message).toContain(`${config.kafka.topicPrefix}.subscriptions (subscription-changelog)`);
    expect((error as Error).message).not.toContain(`${config.ingest.topics[0]} (ingest)`);
  });

  it('fails when a handler is registered twice (each record would be processed twice)', async () => {
    const config = testConfig({ ROLES: 'api' });
    const kafka = new KafkaService(config, pipelineTopology(config));
    const transport = pipelineOf(config, kafka);
    transport.addHandler(Handlers.eventTypeChangelog, async () => undefined, true);
    transport.addHandler(Handlers.eventTypeChangelog, async () => undefined, true);

    const error = await listen(transport);
    expect(error).toBeInstanceOf(BootCheckError);
    expect((error as Error).message).toContain(`more than one handler registered for ${Handlers.eventTypeChangelog}`);
  });

  it('asks nothing of roles that are not enabled', async () => {
    // An API instance reads only the event-type changelog that keeps its catalog fresh.
    const config = testConfig({ ROLES: 'api' });
    const kafka = new KafkaService(config, pipelineTopology(config));
    const transport = pipelineOf(config, kafka);
    expect(transport.activeTopics().map((t) => t.topic)).toEqual([`${config.kafka.topicPrefix}.event-types`]);
    await kafka.start();
    transport.addHandler(Handlers.eventTypeChangelog, async () => undefined, true);
    expect(await listen(transport)).toBeUndefined();
    await transport.close();
    await kafka.onModuleDestroy();
  });
});
