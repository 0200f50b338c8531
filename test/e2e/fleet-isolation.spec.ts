import { PipelineHarness, type HarnessOptions } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/**
 * Two deployments (two KAFKA_TOPIC_PREFIXes) on one Kafka cluster: with the default group prefix,
 * derived from the topic prefix, both deliver everything; configured with the same group names,
 * the second stops at boot naming the group, instead of stalling both silently.
 */
describe('fleet: deployments isolated on a shared cluster', () => {
  const deployments: PipelineHarness[] = [];
  afterAll(async () => {
    for (const h of deployments.reverse()) await h.close();
  });

  /** A deployment of its own (topic prefix, tenant, receiver): one harness each. */
  const deployment = async (env: Record<string, string>, options: HarnessOptions = {}) => {
    const h = await PipelineHarness.start({
      env: { ROLES: 'ingest,delivery', INGEST_DATA_VALIDATION: 'off', ...env },
      ...options,
    });
    deployments.push(h);
    return h;
  };
  const publish = async (h: PipelineHarness, count: number) => {
    const events = Array.from({ length: count }, (_, i) => envelope('order.created', { n: i }));
    await h.publish(events);
    return events;
  };

  it('delivers every event of each of two deployments, each in its own groups', async () => {
    const one = await deployment({ KAFKA_GROUP_PREFIX: '' }, { subscriptions: [{ path: '/one', events: ['*'] }] });
    const two = await deployment({ KAFKA_GROUP_PREFIX: '' }, { subscriptions: [{ path: '/two', events: ['*'] }] });
    expect(one.config.kafka.groupPrefix).toBe(`hookline.${one.config.kafka.topicPrefix}`);
    expect(one.config.kafka.groupPrefix).not.toBe(two.config.kafka.groupPrefix);
    const sent = [await publish(one, 20), await publish(two, 20)];
    const got = (h: PipelineHarness, path: string) =>
      new Set(h.receiver.deliveries(path).map((r) => r.headers['webhook-id']));
    await eventually(
      () => sent[0].every((e) => got(one, '/one').has(e.id)) && sent[1].every((e) => got(two, '/two').has(e.id)),
      30_000,
      'both deployments delivered 20/20',
    );
  }, 90_000);

  it('stops the start of a deployment whose groups another deployment already uses', async () => {
    const shared = uniqueId('shared');
    await deployment({ KAFKA_GROUP_PREFIX: shared, ROLES: 'delivery' });
    const second = await deployment({ KAFKA_GROUP_PREFIX: shared, ROLES: 'delivery' }, { app: false });
    await expect(second.startApp()).rejects.toThrow(
      new RegExp(`consumer group ${shared}\\.delivery has members reading .*KAFKA_GROUP_PREFIX`),
    );
  }, 90_000);
});
