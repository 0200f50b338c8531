import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { TEST_DATABASE_URL, testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const REGISTRY = process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7';
const registryHeaders = { 'content-type': 'application/vnd.schemaregistry.v1+json' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Registers a schema version under a subject through the registry's own REST API. */
async function register(subject: string, schema: object, schemaType?: 'JSON') {
  const response = await fetch(`${REGISTRY}/subjects/${encodeURIComponent(subject)}/versions`, {
    method: 'POST',
    headers: registryHeaders,
    body: JSON.stringify({ schema: JSON.stringify(schema), ...(schemaType ? { schemaType } : {}) }),
  });
  expect(response.status).toBe(200);
}

async function forget(subject: string) {
  for (const query of ['', '?permanent=true']) {
    await fetch(`${REGISTRY}/subjects/${encodeURIComponent(subject)}${query}`, { method: 'DELETE' }).catch(() => {});
  }
}

/**
 * Types defined at run time drive the whole pipeline on the real stack: a type defined over the API
 * and a subject registered in the registry both reach subscribers, signed; `data` is enforced
 * against the catalog's schema and unknown types are parked, while the partition keeps flowing.
 */
describe('event catalog in the pipeline', () => {
  const receiver = new HttpsReceiver();
  const tenant = uniqueId('tenant-');
  const tenantKey = uniqueId('tenant_key_').padEnd(24, 't');
  const operatorKey = uniqueId('operator_key_').padEnd(24, 'o');
  const subjectPrefix = `${uniqueId('t')}.event-type.`;
  const ns = uniqueId('invoice');
  let config: ReturnType<typeof testConfig>;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let operator: ApiClient;
  let tenantApi: ApiClient;
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      ROLES: 'api,ingest,delivery,operations',
      EGRESS_CA_FILE: receiver.caFile,
      KAFKA_TOPIC_PARTITIONS: '1',
      API_KEYS: `${tenant}:${tenantKey}`,
      OPERATOR_API_KEYS: operatorKey,
      INGEST_DATA_VALIDATION: 'enforce',
      INGEST_UNKNOWN_TYPES: 'park',
      EVENT_TYPE_SUBJECT_PREFIX: subjectPrefix,
      EVENT_TYPE_REGISTRY_POLL_MS: '3000',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    app = await startApp(config);
    operator = ApiClient.for(app, operatorKey);
    tenantApi = operator.as(tenantKey);
    // On a busy machine the ingest consumer can take a while to join its group: wait for a first event.
    const warmUp = envelope('order.created', {
      order_id: 'o',
      status: 'pending',
      total: { amount: 1, currency: 'EUR' },
    });
    await publish(warmUp);
    await eventually(
      async () => (await db.query('SELECT 1 FROM events WHERE id = $1', [warmUp.id])).rowCount === 1,
      90_000,
      'ingest running',
    );
  }, 150_000);

  afterAll(async () => {
    await Promise.all(['shipment.delivered', 'parcel.scanned'].map((t) => forget(`${subjectPrefix}${t}`)));
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
    await db.end();
  });

  const publish = (...events: object[]) =>
    kafka.send(
      config.ingestTopics[0],
      events.map((e) => ({ key: null, value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
    );
  const subscribe = async (path: string, events: string[], secret: string) => {
    const created = await tenantApi.raw.post('/v1/webhooks', { url: receiver.url(path), events, secret });
    expect(created.status).toBe(201);
    await pause(3000); // the ingest table follows the subscriptions changelog
  };

  it('delivers a type an operator defined to a tenant subscribed to its wildcard, signed', async () => {
    const schema = { type: 'object', required: ['invoice_id'], properties: { invoice_id: { type: 'string' } } };
    const defined = await operator.raw.post('/v1/event-types', { type: `${ns}.paid`, description: 'paid', schema });
    expect(defined.status).toBe(201);
    const secret = `whsec_${Buffer.from(uniqueId('secret-')).toString('base64')}`;
    await subscribe('/invoices', [`${ns}.*`], secret);

    const event = envelope(`${ns}.paid`, { invoice_id: 'inv_1' });
    await publish(event);
    await receiver.waitFor(() => receiver.deliveries('/invoices').length === 1, 60_000);
    const delivery = receiver.deliveries('/invoices')[0];
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({ id: event.id });
  }, 180_000);

  it('parks data that breaks the schema (invalid_data) and unknown types (unknown_type); the partition flows on', async () => {
    const bad = envelope(`${ns}.paid`, { invoice_id: 42 });
    const unknown = envelope(`${ns}-nobody.knows`, {});
    const good = envelope(`${ns}.paid`, { invoice_id: 'inv_2' });
    await publish(bad, unknown, good);
    await receiver.waitFor(() => receiver.deliveries('/invoices').some((r) => r.body.includes(good.id)), 30_000);
    await eventually(async () => (await fixtures.deadLetters(config.ingestTopics[0])).length === 2, 20_000, 'parked');
    const parked = await fixtures.deadLetters(config.ingestTopics[0]);
    expect(parked.map((d) => d.reason)).toEqual(['invalid_data', 'unknown_type']);
    expect(parked[0].detail).toMatch(/invoice_id must be string/);
    expect(receiver.deliveries('/invoices').some((r) => r.body.includes(bad.id))).toBe(false);
  }, 180_000);

  it('takes a subject registered through the registry REST API into the catalog within 30 s, and delivers its events', async () => {
    const subject = `${subjectPrefix}shipment.delivered`;
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'A shipment reached its recipient',
      type: 'object',
      required: ['shipment_id'],
      properties: { shipment_id: { type: 'string' } },
    };
    await register(subject, schema, 'JSON');
    const avro = { type: 'record', name: 'ParcelScanned', fields: [{ name: 'parcel_id', type: 'string' }] };
    await register(`${subjectPrefix}parcel.scanned`, avro);
    const started = Date.now();
    await eventually(
      async () => (await tenantApi.raw.get('/v1/event-types/shipment.delivered')).body?.registry_subject === subject,
      30_000,
      'registry type in the catalog',
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    const read = await tenantApi.raw.get('/v1/event-types/shipment.delivered');
    expect(read.body).toMatchObject({ source: 'registry', schema_format: 'json-schema', schema, archived: false });
    const parcelSubject = `${subjectPrefix}parcel.scanned`;
    await eventually(
      async () => (await tenantApi.raw.get('/v1/event-types/parcel.scanned')).body?.registry_subject === parcelSubject,
      15_000,
      'the Avro type in the catalog',
    );
    expect((await tenantApi.raw.get('/v1/event-types/parcel.scanned')).body).toMatchObject({
      schema_format: 'avro',
      archived: false,
    });

    const redefine = await operator.raw.post('/v1/event-types', {
      type: 'shipment.delivered',
      description: 'd',
      schema: {},
    });
    expectErrorBody(redefine, 409, 'REGISTRY_MANAGED');
    expect(redefine.body.error.message).toContain(subject);

    const secret = `whsec_${Buffer.from(uniqueId('secret-')).toString('base64')}`;
    await subscribe('/shipments', ['shipment.delivered', 'parcel.scanned'], secret);
    const shipped = envelope('shipment.delivered', { shipment_id: 's_1' });
    const badParcel = envelope('parcel.scanned', { parcel_id: 7 });
    const parcel = envelope('parcel.scanned', { parcel_id: 'p_1' });
    await publish(shipped, badParcel, parcel);
    await receiver.waitFor(() => receiver.deliveries('/shipments').length === 2, 90_000);
    const ids = receiver.deliveries('/shipments').map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(ids.sort()).toEqual([shipped.id, parcel.id].sort());
    const parkedParcel = async () =>
      (await fixtures.deadLetters(config.ingestTopics[0])).find((d) => d.detail.startsWith('parcel.scanned'));
    await eventually(async () => (await parkedParcel()) !== undefined, 20_000, 'the bad parcel parked');
    expect(await parkedParcel()).toMatchObject({ reason: 'invalid_data', detail: expect.stringMatching(/parcel_id/) });

    // A new version of a subject is a new version of its type; deleting the subject archives its type.
    const before = (await tenantApi.raw.get('/v1/event-types/shipment.delivered')).body.version as number;
    // A backward-compatible change, as the registry's default rule requires.
    const v2 = { ...schema, title: 'A shipment reached its recipient (v2)' };
    await register(subject, v2, 'JSON');
    await forget(`${subjectPrefix}parcel.scanned`);
    await eventually(
      async () => (await tenantApi.raw.get('/v1/event-types/parcel.scanned')).body?.archived === true,
      30_000,
      'the type archived',
    );
    await eventually(
      async () => (await tenantApi.raw.get('/v1/event-types/shipment.delivered')).body?.version === before + 1,
      30_000,
      'the new version',
    );
    const versions = await tenantApi.raw.get('/v1/event-types/shipment.delivered/versions?limit=2');
    expect(versions.body.data[0]).toMatchObject({ version: before + 1, schema: v2, registry_version: 2 });
  }, 180_000);
});
