import { randomBytes } from 'node:crypto';
import { avroWriter, frame, registerSchema } from '../support/avro-frames.js';
import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { RegistryFront } from '../support/registry-front.js';
import { readinessOf } from '../support/secured-kafka.js';
import { uniqueId } from '../support/test-config.js';

const REGISTRY = process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7';

/**
 * An authenticated schema registry over TLS with a private CA, as Confluent Cloud's or a company's
 * is reached: the ingest decoder (schemas of registry-framed records) and the event-type source
 * (subjects) both present the credentials, Basic from SCHEMA_REGISTRY_USERNAME/PASSWORD or from
 * the URL's user-info, or a bearer token, and trust SCHEMA_REGISTRY_CA_FILE. With a password the
 * registry refuses (401), the instance is not ready, naming the failure, and parks nothing.
 */
describe('an authenticated schema registry', () => {
  const credentials = {
    username: 'hookline',
    password: randomBytes(12).toString('hex'),
    token: randomBytes(24).toString('hex'),
  };
  const front = new RegistryFront(REGISTRY, credentials);
  const namespace = `hookline.test.${uniqueId('auth_')}`;
  const schema = {
    type: 'record',
    name: 'OrderEnvelope',
    namespace,
    fields: [
      { name: 'id', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'created_at', type: { type: 'long', logicalType: 'timestamp-millis' } },
      { name: 'data', type: { type: 'record', name: 'Order', fields: [{ name: 'order_id', type: 'string' }] } },
    ],
  };
  let h: PipelineHarness;
  let schemaId: number;

  beforeAll(async () => {
    await front.start();
    schemaId = await registerSchema(REGISTRY, `${namespace}.OrderEnvelope`, schema);
    h = await PipelineHarness.start({
      app: false,
      env: { ROLES: 'ingest,delivery', EVENT_TYPE_REGISTRY_POLL_MS: '1000' },
      subscriptions: [{ path: '/hook', events: ['order.*'] }],
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    front.stop();
  });

  /** One registry-framed Avro event; resolves with its id. */
  const publishFramed = async (): Promise<string> => {
    const id = `evt_${randomBytes(8).toString('hex')}`;
    const payload = avroWriter(schema).toBuffer({
      id,
      type: 'order.created',
      created_at: BigInt(Date.now()),
      data: { order_id: uniqueId('o') },
    });
    await h.publish([frame(schemaId, payload)]);
    return id;
  };

  it.each([
    [
      'Basic from SCHEMA_REGISTRY_USERNAME/PASSWORD',
      'basic',
      () => ({
        SCHEMA_REGISTRY_URL: front.url,
        SCHEMA_REGISTRY_USERNAME: credentials.username,
        SCHEMA_REGISTRY_PASSWORD: credentials.password,
      }),
    ],
    [
      'Basic from the URL',
      'basic',
      () => ({
        SCHEMA_REGISTRY_URL: front.url.replace('https://', `https://${credentials.username}:${credentials.password}@`),
      }),
    ],
    [
      'a bearer token',
      'bearer',
      () => ({ SCHEMA_REGISTRY_URL: front.url, SCHEMA_REGISTRY_BEARER_TOKEN: credentials.token }),
    ],
  ])(
    'decodes and delivers framed events with %s, the event-type source reading subjects too',
    async (_, client, env) => {
      const seen = front.requests().length;
      const app = await h.startInstance({ ...env(), SCHEMA_REGISTRY_CA_FILE: front.caFile });
      try {
        const id = await publishFramed();
        await eventually(() => h.delivered([{ id }]), 60_000, 'the framed event delivered');
        await eventually(
          () =>
            front
              .requests()
              .slice(seen)
              .some((r) => r.uri.endsWith('/subjects') && r.status === 200),
          20_000,
          'the subjects read through the front',
        );
        const mine = front.requests().slice(seen);
        expect(mine.some((r) => r.uri.endsWith(`/schemas/ids/${schemaId}`) && r.status === 200)).toBe(true);
        expect(mine.filter((r) => r.status === 200).every((r) => r.client === client)).toBe(true);
        expect(mine.filter((r) => r.status === 401)).toEqual([]);
      } finally {
        await h.stopInstance(app);
      }
    },
    120_000,
  );

  it('a registry answering 401: readiness 503 with the class, nothing parked, the event delivered once the password is right', async () => {
    const wrong = 'not-the-password-0123456789';
    const app = await h.startInstance({
      SCHEMA_REGISTRY_URL: front.url,
      SCHEMA_REGISTRY_USERNAME: credentials.username,
      SCHEMA_REGISTRY_PASSWORD: wrong,
      SCHEMA_REGISTRY_CA_FILE: front.caFile,
    });
    try {
      const id = await publishFramed();
      await eventually(
        () => front.requests().some((r) => r.uri.endsWith(`/schemas/ids/${schemaId}`) && r.status === 401),
        60_000,
        'the registry refusing the schema lookup',
      );
      await eventually(async () => (await readinessOf(app)).status === 503, 30_000, 'not ready');
      const { body, text } = await readinessOf(app);
      expect(Object.values(body.error).map((check) => check.code)).toContain('schema_registry_auth_failed');
      expect(text).not.toContain(wrong);
      expect(await h.fixtures.deadLetters(h.config.ingest.topics[0])).toEqual([]);
      expect(await h.produced('dlq')).toBe(0);
      expect(h.delivered([{ id }])).toBe(false);
      await h.stopInstance(app);
      const fixed = await h.startInstance({
        SCHEMA_REGISTRY_URL: front.url,
        SCHEMA_REGISTRY_BEARER_TOKEN: credentials.token,
        SCHEMA_REGISTRY_CA_FILE: front.caFile,
      });
      await eventually(() => h.delivered([{ id }]), 60_000, 'the held event delivered').finally(() =>
        h.stopInstance(fixed),
      );
    } finally {
      await h.stopInstance(app);
    }
  }, 180_000);
});
