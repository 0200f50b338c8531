import type { INestApplication } from '@nestjs/common';
import type { Producer } from 'kafkajs';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { createKafkaClient } from '../../src/platform/kafka/kafka-client.js';
import { expectData, type ApiClient } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { OAuthTokenEndpoint } from '../support/oauth-token-endpoint.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { AclAdmin, deploymentGrants, readinessOf, scramEnv, securedListeners } from '../support/secured-kafka.js';
import { uniqueId } from '../support/test-config.js';

/**
 * The whole pipeline on the local broker's secured listeners, every ACL enforced, and none of it on
 * the plaintext listener: one deployment in three instances, each in by another door. api, ingest
 * and operations over SASL_SSL with SCRAM-SHA-512 (principal hookline); delivery over SASL_SSL with
 * OAUTHBEARER tokens from a client-credentials token endpoint (subject hookline); the retry tiers
 * over TLS with a client certificate (CN=hookline). Events come from an upstream service's own
 * principal (publisher) over SASL_SSL. The ACLs allow exactly this deployment's topics and groups.
 */
describe('the pipeline over SASL_SSL and mTLS with ACLs', () => {
  const listeners = securedListeners();
  const acls = new AclAdmin(listeners);
  const receiver = new HttpsReceiver();
  const tokens = new OAuthTokenEndpoint(listeners, { hookline: 'oauth-client-secret' });
  let h: PipelineHarness;
  let operator: ApiClient;
  let upstream: Producer;
  const instances: INestApplication[] = [];

  beforeAll(async () => {
    await tokens.start();
    // /flaky fails its first delivery: the event goes through a retry tier.
    receiver.responder = (req) =>
      req.path === '/flaky' && !req.body.includes('url_verification') && receiver.deliveries('/flaky').length <= 1
        ? { status: 500 }
        : echoChallenge(req);
    h = await PipelineHarness.start({
      receiver,
      operator: true,
      env: { ...scramEnv(listeners), ROLES: 'api,ingest,operations', INGEST_UNKNOWN_TYPES: 'park' },
      beforeTopics: (_kafka, config) =>
        acls.grant([
          ...deploymentGrants('User:hookline', config.kafka.groupPrefix),
          {
            principal: 'User:publisher',
            resource: 'TOPIC',
            name: config.ingest.topics[0],
            pattern: 'LITERAL',
            operations: ['DESCRIBE', 'WRITE'],
          },
        ]),
    });
    operator = h.api.as(h.operatorKey);
    instances.push(
      h.app,
      await h.startInstance({
        ROLES: 'delivery',
        KAFKA_SASL_MECHANISM: 'OAUTHBEARER',
        KAFKA_SASL_USERNAME: '',
        KAFKA_SASL_PASSWORD: '',
        KAFKA_SASL_OAUTH_TOKEN_URL: tokens.url,
        KAFKA_SASL_OAUTH_CLIENT_ID: 'hookline',
        KAFKA_SASL_OAUTH_CLIENT_SECRET: 'oauth-client-secret',
        KAFKA_SASL_OAUTH_SCOPE: 'kafka',
      }),
      await h.startInstance({
        ROLES: 'retry',
        KAFKA_BROKERS: listeners.mtls,
        KAFKA_SECURITY_PROTOCOL: 'SSL',
        KAFKA_SASL_MECHANISM: '',
        KAFKA_SASL_USERNAME: '',
        KAFKA_SASL_PASSWORD: '',
        KAFKA_SSL_CERT_FILE: listeners.clientCertFile,
        KAFKA_SSL_KEY_FILE: listeners.clientKeyFile,
      }),
    );
    upstream = createKafkaClient(AppConfig.fromEnv(scramEnv(listeners, 'publisher')), {
      clientId: 'upstream-service',
    }).producer();
    await upstream.connect();
  }, 240_000);

  afterAll(async () => {
    await upstream?.disconnect();
    await h?.close();
    await tokens.stop();
    await acls.revokeAll();
  }, 60_000);

  const publish = (...values: (object | Buffer)[]) =>
    upstream.send({
      topic: h.config.ingest.topics[0],
      acks: -1,
      messages: values.map((v) => ({
        value: Buffer.isBuffer(v) ? v : JSON.stringify(v),
        headers: { 'tenant-id': h.tenant },
      })),
    });
  const subscribe = async (path: string, events: string[]) =>
    expectData(await h.api.POST('/webhooks', { body: { url: receiver.url(path), events } }), 201);

  it('is ready on every instance, each through its own listener', async () => {
    for (const app of instances)
      await eventually(async () => (await readinessOf(app)).status === 200, 90_000, 'an instance ready');
    expect((await readinessOf(instances[1])).body).toEqual({
      status: 'ok',
      info: { postgres: { status: 'up' }, kafka: { status: 'up' }, pipeline: { status: 'up' } },
      error: {},
    });
  }, 120_000);

  it('registers a subscription, its changelog reaching ingest and delivery, and delivers an upstream event', async () => {
    await subscribe('/secure', ['order.*']);
    await subscribe('/flaky', ['payment.*']);
    // Ingest and delivery learn the subscriptions from their changelog: the first event may find none.
    const delivered = async () => {
      const event = envelope('order.created', { order_id: uniqueId('o') });
      await publish(event);
      await new Promise((r) => setTimeout(r, 2_000));
      return receiver.deliveries('/secure').some((r) => r.headers['webhook-id'] === event.id);
    };
    await eventually(delivered, 90_000, 'an upstream event delivered');
  }, 120_000);

  it('defines an event type over the API, its changelog reaching ingest', async () => {
    const ns = uniqueId('invoice');
    const schema = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    expectData(await operator.POST('/event-types', { body: { type: `${ns}.paid`, description: 'paid', schema } }), 201);
    await subscribe('/invoices', [`${ns}.*`]);
    // Unknown types are parked (INGEST_UNKNOWN_TYPES=park): delivered only once ingest's catalog has it.
    const delivered = async () => {
      const event = envelope(`${ns}.paid`, { n: 1 });
      await publish(event);
      await new Promise((r) => setTimeout(r, 2_000));
      return receiver.deliveries('/invoices').some((r) => r.headers['webhook-id'] === event.id);
    };
    await eventually(delivered, 60_000, 'an event of the new type delivered');
  }, 90_000);

  it('retries a failed delivery through a retry tier (read over mTLS), then delivers it', async () => {
    const event = envelope('payment.succeeded', { payment_id: uniqueId('p') });
    await publish(event);
    await eventually(() => receiver.deliveries('/flaky').length >= 2, 60_000, 'a retried delivery');
    const attempts = receiver.deliveries('/flaky');
    expect(attempts.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
    await eventually(
      async () => (await h.fixtures.attempts(h.tenant)).filter((a) => a.event_id === event.id).length === 2,
      20_000,
      'both attempts logged',
    );
    const logged = (await h.fixtures.attempts(h.tenant)).filter((a) => a.event_id === event.id);
    expect(logged.map((a) => a.outcome).sort()).toEqual(['http_error', 'success']);
  }, 90_000);

  it('parks a poison record on the DLQ, and the operations role indexes it', async () => {
    await publish(Buffer.from('not an event'));
    await eventually(
      async () => (await h.fixtures.deadLetters(h.config.ingest.topics[0])).some((d) => d.reason === 'undecodable'),
      60_000,
      'the poison record indexed from the DLQ',
    );
  }, 90_000);

  it('got the delivery instance its tokens from the token endpoint, reusing each until it neared its expiry', () => {
    expect(tokens.requests.length).toBeGreaterThan(0);
    for (const r of tokens.requests)
      expect(r).toMatchObject({ clientId: 'hookline', grantType: 'client_credentials', scope: 'kafka' });
    // Tokens last 60 s and are renewed after 48 s: every connection and re-authentication shares them.
    const span = tokens.requests.at(-1)!.at - tokens.requests[0].at;
    expect(tokens.requests.length).toBeLessThanOrEqual(1 + Math.ceil(span / 45_000));
  });
});
