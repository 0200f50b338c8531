import { Webhook } from 'standardwebhooks';
import { type ApiClient, errorOf, expectBody, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

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
  const subjectPrefix = `${uniqueId('t')}.event-type.`;
  const ns = uniqueId('invoice');
  let h: PipelineHarness;
  let operator: ApiClient;
  let tenantApi: ApiClient;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      operator: true,
      env: {
        ROLES: 'api,ingest,delivery,operations',
        KAFKA_TOPIC_PARTITIONS: '1',
        INGEST_DATA_VALIDATION: 'enforce',
        INGEST_UNKNOWN_TYPES: 'park',
        EVENT_TYPE_SUBJECT_PREFIX: subjectPrefix,
        EVENT_TYPE_REGISTRY_POLL_MS: '3000',
      },
    });
    tenantApi = h.api;
    operator = h.api.as(h.operatorKey);
    // On a busy machine the ingest consumer can take a while to join its group: wait for a first event.
    const warmUp = envelope('order.created', {
      order_id: 'o',
      status: 'pending',
      total: { amount: 1, currency: 'EUR' },
    });
    await publish(warmUp);
    await eventually(
      async () => (await h.fixtures.db.query('SELECT 1 FROM events WHERE id = $1', [warmUp.id])).rowCount === 1,
      90_000,
      'ingest running',
    );
  }, 150_000);

  afterAll(async () => {
    await Promise.all(['shipment.delivered', 'parcel.scanned'].map((t) => forget(`${subjectPrefix}${t}`)));
    await h?.close();
  });

  const publish = (...events: object[]) => h.publish(events);
  const subscribe = async (path: string, events: string[], secret: string) => {
    expectData(await tenantApi.POST('/webhooks', { body: { url: h.receiver.url(path), events, secret } }), 201);
    await pause(3000); // the ingest table follows the subscriptions changelog
  };
  const eventType = async (type: string) =>
    (await tenantApi.GET('/event-types/{type}', { params: { path: { type } } })).data;
  const parked = () => h.fixtures.deadLetters(h.config.ingest.topics[0]);

  it('delivers a type an operator defined to a tenant subscribed to its wildcard, signed', async () => {
    const { receiver } = h;
    const schema = { type: 'object', required: ['invoice_id'], properties: { invoice_id: { type: 'string' } } };
    expectData(await operator.POST('/event-types', { body: { type: `${ns}.paid`, description: 'paid', schema } }), 201);
    const secret = `whsec_${Buffer.from(uniqueId('secret-')).toString('base64')}`;
    await subscribe('/invoices', [`${ns}.*`], secret);

    const event = envelope(`${ns}.paid`, { invoice_id: 'inv_1' });
    await publish(event);
    await receiver.waitFor(() => receiver.deliveries('/invoices').length === 1, 60_000);
    const delivery = receiver.deliveries('/invoices')[0];
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({ id: event.id });
  }, 180_000);

  it('parks data that breaks the schema (invalid_data) and unknown types (unknown_type); the partition flows on', async () => {
    const { receiver } = h;
    const bad = envelope(`${ns}.paid`, { invoice_id: 42 });
    const unknown = envelope(`${ns}-nobody.knows`, {});
    const good = envelope(`${ns}.paid`, { invoice_id: 'inv_2' });
    await publish(bad, unknown, good);
    await receiver.waitFor(() => receiver.deliveries('/invoices').some((r) => r.body.includes(good.id)), 30_000);
    await eventually(async () => (await parked()).length === 2, 20_000, 'parked');
    const records = await parked();
    expect(records.map((d) => d.reason)).toEqual(['invalid_data', 'unknown_type']);
    expect(records[0].detail).toMatch(/invoice_id must be string/);
    expect(receiver.deliveries('/invoices').some((r) => r.body.includes(bad.id))).toBe(false);
  }, 180_000);

  it('takes a subject registered through the registry REST API into the catalog within 30 s, and delivers its events', async () => {
    const { receiver } = h;
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
      async () => (await eventType('shipment.delivered'))?.registry_subject === subject,
      30_000,
      'registry type in the catalog',
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await eventType('shipment.delivered')).toMatchObject({
      source: 'registry',
      schema_format: 'json-schema',
      schema,
      archived: false,
    });
    const parcelSubject = `${subjectPrefix}parcel.scanned`;
    await eventually(
      async () => (await eventType('parcel.scanned'))?.registry_subject === parcelSubject,
      15_000,
      'the Avro type in the catalog',
    );
    expect(await eventType('parcel.scanned')).toMatchObject({
      schema_format: 'avro',
      archived: false,
    });

    const redefine = await operator.POST('/event-types', {
      body: { type: 'shipment.delivered', description: 'd', schema: {} },
    });
    expectErrorBody(redefine, 409, 'REGISTRY_MANAGED');
    expect(errorOf(redefine).message).toContain(subject);

    const secret = `whsec_${Buffer.from(uniqueId('secret-')).toString('base64')}`;
    await subscribe('/shipments', ['shipment.delivered', 'parcel.scanned'], secret);
    const shipped = envelope('shipment.delivered', { shipment_id: 's_1' });
    const badParcel = envelope('parcel.scanned', { parcel_id: 7 });
    const parcel = envelope('parcel.scanned', { parcel_id: 'p_1' });
    await publish(shipped, badParcel, parcel);
    await receiver.waitFor(() => receiver.deliveries('/shipments').length === 2, 90_000);
    const ids = receiver.deliveries('/shipments').map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(ids.sort()).toEqual([shipped.id, parcel.id].sort());
    const parkedParcel = async () => (await parked()).find((d) => d.detail.startsWith('parcel.scanned'));
    await eventually(async () => (await parkedParcel()) !== undefined, 20_000, 'the bad parcel parked');
    expect(await parkedParcel()).toMatchObject({ reason: 'invalid_data', detail: expect.stringMatching(/parcel_id/) });

    // A new version of a subject is a new version of its type; deleting the subject archives its type.
    const before = (await eventType('shipment.delivered'))!.version;
    // A backward-compatible change, as the registry's default rule requires.
    const v2 = { ...schema, title: 'A shipment reached its recipient (v2)' };
    await register(subject, v2, 'JSON');
    await forget(`${subjectPrefix}parcel.scanned`);
    await eventually(async () => (await eventType('parcel.scanned'))?.archived === true, 30_000, 'the type archived');
    await eventually(
      async () => (await eventType('shipment.delivered'))?.version === before + 1,
      30_000,
      'the new version',
    );
    const versions = await tenantApi.GET('/event-types/{type}/versions', {
      params: { path: { type: 'shipment.delivered' }, query: { limit: 2 } },
    });
    expect(expectBody(versions, 200).data[0]).toMatchObject({ version: before + 1, schema: v2, registry_version: 2 });
  }, 180_000);
});
