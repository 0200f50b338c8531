import { AppConfig } from '../../../src/platform/config/app-config.js';
import { PipelineTopology, TopologyError, type TopicSpec } from '../../../src/platform/kafka/pipeline-topology.js';
import { buildTopology, Handlers, pipelineTopology, TopicNames, topicNamesOf } from '../../../src/topology.js';

const config = AppConfig.fromEnv({
  KAFKA_TOPIC_PREFIX: 'acme.webhooks',
  INGEST_TOPICS: 'acme.events',
  RETRY_SCHEDULE: '1m,5m,30m',
  DELIVERY_CONCURRENCY: '128',
  DELIVERY_CONCURRENCY_PER_SUBSCRIPTION: '16',
  INGEST_CONCURRENCY: '300',
});
const names = topicNamesOf(config);

describe('pipeline topology', () => {
  it('declares every topic a stage writes to, and parks on the DLQ', () => {
    const topology = pipelineTopology(config);
    expect(topology.deadLetterTopic).toBe('acme.webhooks.dlq');
    for (const spec of topology.topics)
      for (const target of spec.produces) expect(topology.topicNames.has(target)).toBe(true);
  });

  it('gives the delivery and ingest stages their configured concurrency and applies subscription changes in order', () => {
    const byHandler = (handler: string) => buildTopology(config).filter((t) => t.consumer.handler === handler);
    for (const spec of [...byHandler(Handlers.delivery), ...byHandler(Handlers.retry)])
      expect(spec.consumer).toMatchObject({ maxInFlight: 128, maxInFlightPerKey: 16, stepAside: true });
    expect(byHandler(Handlers.retry).map((t) => t.consumer.tier)).toEqual(['1m', '5m', '30m']);
    expect(byHandler(Handlers.ingest)[0].consumer).toMatchObject({ maxInFlight: 300, maxInFlightPerKey: 300 });
    expect(byHandler(Handlers.subscriptionChangelog)[0].consumer).toMatchObject({
      maxInFlight: 1,
      maxInFlightPerKey: 1,
    });
  });

  it('refuses a topology that writes to a topic it does not declare', () => {
    const specs = buildTopology(config);
    const typo: TopicSpec = { ...specs[1], produces: ['acme.webhooks.retry-1h'] };
    expect(() => new PipelineTopology([specs[0], typo, ...specs.slice(2)], names.dlq)).toThrow(TopologyError);
    expect(() => new PipelineTopology(specs, 'acme.webhooks.parking')).toThrow(/acme.webhooks.parking/);
  });

  it('fails the boot when a name producers are given is not a topic of the table', () => {
    // A topic half added: named for producers, missing from the table.
    class WithAudit extends TopicNames {
      readonly audit = 'acme.webhooks.audit';
    }
    const withAudit = new WithAudit('acme.webhooks', config.delivery.retrySchedule);
    expect(() => pipelineTopology(config, withAudit)).toThrow(/refusing to produce to acme\.webhooks\.audit/);
    expect(() => pipelineTopology(config, names)).not.toThrow();
  });

  it('lets a producer write only to declared topics', () => {
    const topology = pipelineTopology(config);
    expect(() => topology.assertDeclared(names.retries[1])).not.toThrow();
    expect(() => topology.assertDeclared('acme.webhooks.retry-2m')).toThrow(/not a topic of the pipeline topology/);
  });
});
