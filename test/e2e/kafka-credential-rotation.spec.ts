import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import {
  AclAdmin,
  deleteScramUser,
  deploymentGrants,
  readinessOf,
  scramEnv,
  securedListeners,
  setScramPassword,
} from '../support/secured-kafka.js';

/**
 * A running instance whose SCRAM password is changed on the cluster with Kafka's own admin tool
 * (kafka-configs), then changed back. The broker ends SASL sessions after connections.max.reauth.ms
 * (20 s on the local SASL_SSL listener), so the change reaches open connections: the instance is
 * not ready, naming kafka_authentication_failed, parks nothing, and once the password is back it
 * is ready again by itself and delivers every event published meanwhile. The user is this test's
 * own (made with the same tool), so no other suite on the broker loses its credentials.
 */
describe('the SCRAM password changed under a running instance, and back', () => {
  const listeners = securedListeners();
  const acls = new AclAdmin(listeners);
  const user = `hookline-rotation-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  let h: PipelineHarness;
  let app: INestApplication;

  beforeAll(async () => {
    await setScramPassword(listeners, user, password);
    h = await PipelineHarness.start({
      app: false,
      env: { KAFKA_BROKERS: listeners.plaintext, ROLES: 'ingest,delivery,retry,operations' },
      subscriptions: [{ path: '/hook', events: ['*'] }],
    });
    await acls.grant(deploymentGrants(`User:${user}`, h.config.kafka.groupPrefix));
    app = await h.startInstance({
      ...scramEnv(listeners),
      KAFKA_SASL_USERNAME: user,
      KAFKA_SASL_PASSWORD: password,
    });
  }, 180_000);

  afterAll(async () => {
    await h?.close();
    await acls.revokeAll();
    await deleteScramUser(listeners, user).catch(() => undefined);
  }, 120_000);

  const readiness = async () => (await readinessOf(app)).status;

  it('is not ready while the password is wrong, then ready by itself, delivering what was published meanwhile', async () => {
    await eventually(async () => (await readiness()) === 200, 90_000, 'ready with the right password');
    const before = Array.from({ length: 10 }, (_, i) => envelope('order.created', { n: i }));
    await h.publish(before);
    await eventually(() => h.delivered(before), 60_000, 'events before the change delivered');

    await setScramPassword(listeners, user, randomBytes(18).toString('hex'));
    const meanwhile = Array.from({ length: 50 }, (_, i) => envelope('order.updated', { n: i }));
    await h.publish(meanwhile.slice(0, 25));
    await eventually(async () => (await readiness()) === 503, listeners.reauthMs + 60_000, 'not ready');
    const refused = await readinessOf(app);
    expect(Object.values(refused.body.error).map((check) => check.code)).toContain('kafka_authentication_failed');
    await h.publish(meanwhile.slice(25));

    await setScramPassword(listeners, user, password);
    await eventually(async () => (await readiness()) === 200, 120_000, 'ready again by itself');
    await eventually(() => h.delivered(meanwhile), 90_000, 'every event published meanwhile delivered');
    expect(await h.fixtures.deadLetters(h.config.ingest.topics[0])).toEqual([]);
    expect(await h.produced('dlq')).toBe(0);
  }, 420_000);
});
