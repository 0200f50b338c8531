import type { INestApplication } from '@nestjs/common';
import { pipelineTopology } from '../../src/topology.js';
import { ApiClient } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import {
  AclAdmin,
  readinessOf,
  scramEnv,
  securedListeners,
  type AclGrant,
  type Readiness,
} from '../support/secured-kafka.js';

const ALL_TOPIC_OPERATIONS: AclGrant['operations'] = [
  'DESCRIBE',
  'READ',
  'WRITE',
  'CREATE',
  'DESCRIBE_CONFIGS',
  'ALTER_CONFIGS',
];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Kafka refusing Hookline on the local broker's SASL_SSL listener: a missing topic or group ACL, a wrong password,
 * a CA that did not sign the brokers' certificates. Each time the instance starts and stays up,
 * /health/ready answers 503 with the failure's class (and the topic of a missing ACL) and nothing
 * else, and no record is parked. Once the ACL is granted the instance becomes ready by itself and
 * delivers what was published meanwhile. The harness's own client is the super user on the
 * plaintext listener: it publishes and watches; the instances under test use SASL_SSL only.
 */
describe('Kafka refusing Hookline: named in readiness, survived, nothing parked', () => {
  const listeners = securedListeners();
  const acls = new AclAdmin(listeners);
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      app: false,
      env: { KAFKA_BROKERS: listeners.plaintext, ROLES: 'ingest,delivery,retry,operations' },
      subscriptions: [{ path: '/hook', events: ['*'] }],
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await acls.revokeAll();
  }, 60_000);

  const secured = (overrides: Record<string, string> = {}) => h.startInstance({ ...scramEnv(listeners), ...overrides });
  const waitForReadiness = async (app: INestApplication, status: number, timeoutMs = 60_000): Promise<Readiness> => {
    let last: Readiness | undefined;
    await eventually(async () => (last = await readinessOf(app)).status === status, timeoutMs, `readiness ${status}`);
    return last!;
  };
  /** Nothing parked from the ingest topic, and the DLQ topic still empty. */
  const expectNothingParked = async () => {
    expect(await h.fixtures.deadLetters(h.config.ingest.topics[0])).toEqual([]);
    expect(await h.produced('dlq')).toBe(0);
  };

  it('names the topic a missing ACL denies; once granted, ready by itself and nothing lost', async () => {
    const dlq = h.topic('dlq');
    const topics = pipelineTopology(h.config).topics.map((t) => t.topic);
    const grant = (topic: string): AclGrant => ({
      principal: 'User:hookline',
      resource: 'TOPIC',
      name: topic,
      pattern: 'LITERAL',
      operations: ALL_TOPIC_OPERATIONS,
    });
    await acls.grant([
      ...topics.filter((t) => t !== dlq).map(grant),
      {
        principal: 'User:hookline',
        resource: 'GROUP',
        name: `${h.config.kafka.groupPrefix}.`,
        pattern: 'PREFIXED',
        operations: ['DESCRIBE', 'READ'],
      },
    ]);
    const app = await secured();
    const refused = await waitForReadiness(app, 503);
    expect(refused.body.error).toEqual({
      pipeline: { status: 'down', code: 'kafka_authorization_failed', topic: dlq },
    });
    expect(refused.body.info).toEqual({ postgres: { status: 'up' }, kafka: { status: 'up' } });

    const meanwhile = Array.from({ length: 20 }, (_, i) => envelope('order.created', { n: i }));
    await h.publish(meanwhile);
    await acls.grant([grant(dlq)]);
    await waitForReadiness(app, 200, 90_000);
    await eventually(() => h.delivered(meanwhile), 60_000, 'the events published meanwhile delivered');
    await expectNothingParked();
    await h.stopInstance(app);
  }, 240_000);

  it('names the consumer group a missing ACL denies; once granted, ready by itself and nothing lost', async () => {
    const specs = pipelineTopology(h.config).topics.map((t) => t.consumer);
    const retryGroup = specs.find((c) => c.tier === '1s')!.group;
    const group = (name: string, pattern: AclGrant['pattern']): AclGrant => ({
      principal: 'User:hookline',
      resource: 'GROUP',
      name,
      pattern,
      operations: ['DESCRIBE', 'READ'],
    });
    // Every group but one: the changelogs' per-instance groups by their prefix, the others by name.
    await acls.revoke([group(`${h.config.kafka.groupPrefix}.`, 'PREFIXED')]);
    await acls.grant(
      specs
        .filter((c) => c.group !== retryGroup)
        .map((c) => (c.broadcast ? group(`${c.group}.`, 'PREFIXED') : group(c.group, 'LITERAL'))),
    );
    const app = await secured();
    const refused = await waitForReadiness(app, 503);
    expect(refused.body.error).toEqual({
      pipeline: { status: 'down', code: 'kafka_authorization_failed', group: retryGroup },
    });
    const meanwhile = Array.from({ length: 10 }, (_, i) => envelope('order.created', { n: i }));
    await h.publish(meanwhile);
    await acls.grant([group(retryGroup, 'LITERAL')]);
    await waitForReadiness(app, 200, 90_000);
    await eventually(() => h.delivered(meanwhile), 60_000, 'the events published meanwhile delivered');
    await expectNothingParked();
    await h.stopInstance(app);
  }, 240_000);

  it('a wrong password: 503 kafka_authentication_failed, still answering later, nothing parked', async () => {
    const password = 'not-the-password-0123456789';
    // Every role, the API's included: the instance starts and serves while Kafka refuses it.
    const app = await secured({ KAFKA_SASL_PASSWORD: password, ROLES: 'all' });
    const events = Array.from({ length: 5 }, (_, i) => envelope('order.created', { n: i }));
    await h.publish(events);
    const refused = await waitForReadiness(app, 503);
    await eventually(
      async () => Object.keys((await readinessOf(app)).body.error).length === 2,
      30_000,
      'both Kafka checks down',
    );
    await pause(5_000);
    const later = await readinessOf(app);
    expect(later.body.error).toEqual({
      kafka: { status: 'down', code: 'kafka_authentication_failed' },
      pipeline: { status: 'down', code: 'kafka_authentication_failed' },
    });
    expect(later.text).not.toContain(password);
    expect(refused.text).not.toContain(password);
    expect(h.undelivered(events)).toHaveLength(events.length);
    await expectNothingParked();
    // The API serves meanwhile: what lives in Postgres answers.
    expect((await ApiClient.for(app, h.key).GET('/webhooks')).response.status).toBe(200);
    await h.stopInstance(app);
  }, 180_000);

  it('an untrusted certificate authority: 503 kafka_tls_failed, nothing parked', async () => {
    // The receiver's self-signed certificate: a CA, but not the one that signed the brokers' certificates.
    const app = await secured({ KAFKA_SSL_CA_FILE: h.receiver.caFile });
    await waitForReadiness(app, 503);
    await eventually(
      async () => Object.keys((await readinessOf(app)).body.error).length === 2,
      60_000,
      'both Kafka checks down',
    );
    expect((await readinessOf(app)).body.error).toEqual({
      kafka: { status: 'down', code: 'kafka_tls_failed' },
      pipeline: { status: 'down', code: 'kafka_tls_failed' },
    });
    await expectNothingParked();
    await h.stopInstance(app);
  }, 180_000);
});
