import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';
import { register } from 'prom-client';
import { DeadLetterWriter } from '../../src/platform/kafka/dead-letter.writer.js';
import { KafkaPipelineTransport } from '../../src/platform/kafka/kafka-pipeline.transport.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { Handlers, pipelineTopology, topicNamesOf } from '../../src/topology.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { testConfig } from '../support/test-config.js';

/**
 * A handler with a bug (it keeps throwing an error that is neither transient nor a poison record):
 * each record is parked as processing_error after its attempts, counted on /metrics when parked,
 * and once more than READY_MAX_PROCESSING_ERRORS_PER_MINUTE are parked the instance is not ready.
 */
describe('processing_error parks are loud', () => {
  const config = testConfig({ ROLES: 'api', READY_MAX_PROCESSING_ERRORS_PER_MINUTE: '1' });
  const health = new PipelineHealth(config);
  const kafka = new KafkaService(config, pipelineTopology(config), health);
  const transport = new KafkaPipelineTransport(
    config,
    kafka,
    new DeadLetterWriter(kafka),
    health,
    new SubscriptionPressure(config),
  );
  const parked = async () => {
    const line = (await register.metrics())
      .split('\n')
      .find((l) => l.startsWith('hookline_dlq_parked_total{reason="processing_error"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };

  afterAll(async () => {
    await transport.close();
    await kafka.onModuleDestroy();
  });

  it('parks each record as processing_error, counts it, and fails readiness past the threshold', async () => {
    await kafka.start();
    transport.addHandler(
      Handlers.eventTypeChangelog,
      async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'version')");
      },
      true,
    );
    await new Promise<void>((resolve, reject) => void transport.listen((e?: unknown) => (e ? reject(e) : resolve())));
    const before = await parked();
    const topic = topicNamesOf(config).eventTypes;
    await kafka.send(topic, [
      { key: 'a', value: '{"type":"EventTypeChangedV1"}' },
      { key: 'b', value: '{"type":"EventTypeChangedV1"}' },
    ]);
    await eventually(async () => (await parked()) - before === 2, 40_000, 'two records parked as processing_error');
    expect(health.readiness()).toEqual({
      ok: false,
      code: 'processing_errors',
      detail: '2 records parked as processing_error in the last minute',
    });
  }, 60_000);
});
