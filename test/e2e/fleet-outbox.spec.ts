import pg from 'pg';
import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { pipelineTopology, topicNames } from '../../src/topology.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { sleep, TopicRecorder } from '../support/failure-scenarios.js';
import { testConfig, TEST_DATABASE_URL, uniqueId } from '../support/test-config.js';

/**
 * The changelog outbox across a kill -9 between commit and publish: the built service, with its
 * test hook, kills itself right after a subscription (and then an event type) committed. Nothing is
 * on the changelogs then, the outbox holds both records; the restarted service's relay publishes
 * each exactly as committed. Needs dist/.
 */
describe('fleet: a change committed right before kill -9 still reaches the changelog', () => {
  const tenant = uniqueId('tenant-');
  const key = uniqueId('key_').padEnd(24, 'k');
  const operatorKey = uniqueId('op_').padEnd(24, 'o');
  const receiver = new HttpsReceiver();
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  let config: AppConfig;
  let kafka: KafkaService;
  let service: ServiceProcess | undefined;
  const recorders: TopicRecorder<Record<string, unknown>>[] = [];

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      API_KEYS: `${tenant}:${key}`,
      OPERATOR_API_KEYS: operatorKey,
      EGRESS_CA_FILE: receiver.caFile,
      EVENT_TYPE_REGISTRY_POLL_MS: '0',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
  });
  afterAll(async () => {
    await service?.stop();
    for (const r of recorders) await r.stop();
    await kafka?.onModuleDestroy();
    await db.end();
    await receiver.stop();
  });

  const startService = async (hook: boolean) => {
    const env = envOf(config, {
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ROLES: 'api',
      OUTBOX_TEST_KILL_AFTER_COMMIT: String(hook),
    });
    service = new ServiceProcess(env);
    service.start();
    await service.waitReady();
    return service;
  };
  const post = (s: ServiceProcess, path: string, bearer: string, body: object) =>
    fetch(`${s.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pending = async () =>
    (
      await db.query<{ message_key: string; payload: string }>(
        `SELECT message_key, payload FROM changelog_outbox WHERE starts_with(topic, $1) ORDER BY id`,
        [`${config.env.KAFKA_TOPIC_PREFIX}.`],
      )
    ).rows;

  it('publishes the subscription and the event type the killed process committed, once restarted', async () => {
    const names = topicNames(config.env.KAFKA_TOPIC_PREFIX, []);
    const subscriptions = await new TopicRecorder<Record<string, unknown>>(kafka, names.subscriptions).start();
    const eventTypes = await new TopicRecorder<Record<string, unknown>>(kafka, names.eventTypes).start();
    recorders.push(subscriptions, eventTypes);
    const type = `${uniqueId('outbox')}.created`;
    const ownTypeRecords = () => eventTypes.records.filter((r) => r.key === type);

    const killed = await startService(true);
    await expect(
      post(killed, '/v1/webhooks', key, { url: receiver.url('/outbox'), events: ['order.*'] }),
    ).rejects.toThrow();
    // The subscription and its changelog record committed; nothing was published.
    const sub = (await db.query(`SELECT id, version FROM subscriptions WHERE tenant_id = $1`, [tenant])).rows;
    expect(sub).toEqual([{ id: expect.any(String), version: 1 }]);
    expect((await pending()).map((r) => r.message_key)).toEqual([sub[0].id]);
    await sleep(2000);
    expect(subscriptions.records).toHaveLength(0);

    // Restarted (still with the hook), its relay sends the record exactly as committed at once.
    const restarted = await startService(true);
    await eventually(() => subscriptions.records.length >= 1, 15_000, 'subscription change published');
    expect(await pending()).toEqual([]);
    const change = { type: 'SubscriptionChangedV1', id: sub[0].id, tenant_id: tenant, version: 1, deleted: false };
    expect(subscriptions.records).toEqual([
      { key: sub[0].id, headers: {}, value: change, text: JSON.stringify(change) },
    ]);

    // The same for a catalog change.
    await expect(
      post(restarted, '/v1/event-types', operatorKey, { type, description: 'd', schema: { type: 'object' } }),
    ).rejects.toThrow();
    expect((await db.query(`SELECT revision FROM event_types WHERE type = $1`, [type])).rows).toEqual([
      { revision: 1 },
    ]);
    expect((await pending()).map((r) => r.message_key)).toEqual([type]);
    await sleep(2000);
    expect(ownTypeRecords()).toHaveLength(0);
    await startService(false);
    await eventually(() => ownTypeRecords().length >= 1, 15_000, 'event type change published');
    expect(await pending()).toEqual([]);
    expect(ownTypeRecords().map((r) => r.value)).toEqual([
      { type: 'EventTypeChangedV1', event_type: type, revision: 1 },
    ]);
    expect(subscriptions.records).toHaveLength(1);
  }, 180_000);
});
