import type { ServiceProcess } from '../../src/devtools/service-process.js';
import { ApiClient } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';
import { uniqueId } from '../support/test-config.js';

/**
 * The changelog outbox across a kill -9 between commit and publish: the built service, with its
 * test hook, kills itself right after a subscription (and then an event type) committed. Nothing is
 * on the changelogs then, the outbox holds both records; the restarted service's relay publishes
 * each exactly as committed. Needs dist/.
 */
describe('fleet: a change committed right before kill -9 still reaches the changelog', () => {
  let h: PipelineHarness;
  let tenant: string;

  beforeAll(async () => {
    // The service is built and run as a child process: no app in this process.
    h = await PipelineHarness.start({ app: false, operator: true, env: { EVENT_TYPE_REGISTRY_POLL_MS: '0' } });
    ({ tenant } = h);
  });
  afterAll(() => h?.close());

  const startService = async (hook: boolean) => {
    const service = await h.process({ ROLES: 'api', OUTBOX_TEST_KILL_AFTER_COMMIT: String(hook) });
    service.start();
    await service.waitReady();
    return service;
  };
  const client = (s: ServiceProcess, key: string) => new ApiClient(s.baseUrl, key);
  const pending = async () =>
    (
      await h.fixtures.db.query<{ message_key: string; payload: string }>(
        `SELECT message_key, payload FROM changelog_outbox WHERE starts_with(topic, $1) ORDER BY id`,
        [`${h.prefix}.`],
      )
    ).rows;

  it('publishes the subscription and the event type the killed process committed, once restarted', async () => {
    const subscriptions = await h.record<Record<string, unknown>>('subscriptions');
    const eventTypes = await h.record<Record<string, unknown>>('event-types');
    const type = `${uniqueId('outbox')}.created`;
    const ownTypeRecords = () => eventTypes.records.filter((r) => r.key === type);

    const killed = await startService(true);
    // The process dies before it answers.
    await expect(
      client(killed, h.key).POST('/webhooks', { body: { url: h.receiver.url('/outbox'), events: ['order.*'] } }),
    ).rejects.toThrow();
    // The subscription and its changelog record committed; nothing was published.
    const sub = (await h.fixtures.db.query(`SELECT id, version FROM subscriptions WHERE tenant_id = $1`, [tenant]))
      .rows;
    expect(sub).toEqual([{ id: expect.any(String), version: 1 }]);
    expect((await pending()).map((r) => r.message_key)).toEqual([sub[0].id]);
    await sleep(2000);
    expect(subscriptions.records).toHaveLength(0);

    // Restarted (still with the hook), its relay sends the record exactly as committed at once.
    const restarted = await startService(true);
    await eventually(() => subscriptions.records.length >= 1, 15_000, 'subscription change published');
    expect(await pending()).toEqual([]);
    const change = { type: 'SubscriptionChangedV1', id: sub[0].id, tenant_id: tenant, version: 1, deleted: false };
    // The recorder keeps the bytes too: they are the committed record's, to the letter.
    expect(subscriptions.records).toEqual([
      { key: sub[0].id, headers: {}, value: change, text: JSON.stringify(change) },
    ]);

    // The same for a catalog change.
    await expect(
      client(restarted, h.operatorKey).POST('/event-types', {
        body: { type, description: 'd', schema: { type: 'object' } },
      }),
    ).rejects.toThrow();
    expect((await h.fixtures.db.query(`SELECT revision FROM event_types WHERE type = $1`, [type])).rows).toEqual([
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
