import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createGenerator } from 'ts-json-schema-generator';
import type { AlertEventV1 } from '../../src/modules/delivery/failures/alert-event.js';
import { parseDeliveryTask, type DeliveryTaskV2 } from '../../src/modules/delivery/delivery-task.js';
import { envelopeBody, serializeTask } from '../../src/modules/delivery/task-record.js';

/**
 * The JSON Schemas in schemas/messages are the contract for anyone reading Hookline's topics. They
 * are written by hand (descriptions, formats, bounds), so this checks them against the TypeScript
 * message types the code compiles with: the same members, the same required ones, the same kinds of
 * value, at every level; and real records, as the code writes them, validate.
 */
type Schema = Record<string, unknown>;

const messages = [
  { file: 'delivery-task-v1', source: 'src/modules/delivery/delivery-task.ts', type: 'DeliveryTaskV1' },
  { file: 'delivery-task-v2', source: 'src/modules/delivery/delivery-task.ts', type: 'DeliveryTaskV2' },
  { file: 'alert-event-v1', source: 'src/modules/delivery/failures/alert-event.ts', type: 'AlertEventV1' },
];

const committed = (file: string): Schema =>
  JSON.parse(readFileSync(`schemas/messages/${file}.schema.json`, 'utf8')) as Schema;

function fromTypes(source: string, type: string): { root: Schema; defs: Record<string, Schema> } {
  const generator = createGenerator({ path: source, tsconfig: 'tsconfig.json', type, skipTypeCheck: true });
  const defs = (generator.createSchema(type) as { definitions: Record<string, Schema> }).definitions;
  return { root: defs[type], defs };
}

/** What both sides must agree on: members, required members, kinds of value, constants. */
function shape(schema: Schema, defs: Record<string, Schema> = {}): unknown {
  if (typeof schema.$ref === 'string') return shape(defs[schema.$ref.split('/').pop()!], defs);
  if (schema.const !== undefined) return { const: schema.const };
  if (Array.isArray(schema.enum)) return { enum: [...(schema.enum as unknown[])].sort() };
  if (Array.isArray(schema.anyOf)) return { anyOf: (schema.anyOf as Schema[]).map((s) => shape(s, defs)) };
  const kinds = [schema.type].flat().map((t) => (t === 'integer' ? 'number' : t));
  if (schema.type === 'array') return { array: shape(schema.items as Schema, defs) };
  if (schema.type !== 'object' || !schema.properties) return { type: kinds.sort() };
  const properties = schema.properties as Record<string, Schema>;
  return {
    members: Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((name) => [name, shape(properties[name], defs)]),
    ),
    required: [...((schema.required as string[]) ?? [])].sort(),
  };
}

describe('message schemas and the TypeScript message types', () => {
  it.each(messages)(
    '$file.schema.json has the members, required members and kinds of $type',
    (m) => {
      const generated = fromTypes(m.source, m.type);
      expect(shape(committed(m.file))).toEqual(shape(generated.root, generated.defs));
    },
    60_000,
  );

  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const valid = (file: string, record: string) => {
    const check = ajv.getSchema(committed(file).$id as string) ?? ajv.compile(committed(file));
    const ok = check(JSON.parse(record));
    return ok ? [] : check.errors;
  };

  it('a task as the delivery stage writes it, deferred and retried, validates', () => {
    const event = {
      id: 'evt_1',
      type: 'order.created',
      created_at: '2026-11-23T00:05:00.000Z',
      sequence: 7,
      previous_event_id: 'evt_0',
    };
    const task: DeliveryTaskV2 = {
      type: 'DeliveryTaskV2',
      tenant_id: 'acme',
      subscription_id: '0193b7e2-5c1a-7c3e-9a4b-3f2d1e0c9b8a',
      event,
      body: envelopeBody(event, '{"amount":12345678901234567890.10}'),
      attempt: 2,
      trigger: 'retry',
      first_attempt_at: '2026-11-23T00:05:01.000Z',
      enqueued_at: '2026-11-23T00:06:01.000Z',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      previous_attempt_traceparent: '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01',
      deferrals: 1,
      may_be_replay: true,
    };
    expect(valid('delivery-task-v2', serializeTask(task))).toEqual([]);
    // The data travels once, in the body: the head holds none.
    expect(valid('delivery-task-v2', serializeTask({ ...task, event: { ...event, data: {} } as never }))).not.toEqual(
      [],
    );
  });

  it('a V1 task as the previous version wrote it (event twice) validates, and reads as the same V2 task', () => {
    const event = { id: 'evt_1', type: 'order.created', created_at: '2026-11-23T00:05:00.000Z', sequence: 7 };
    const head = { ...event, previous_event_id: null };
    const body = envelopeBody(head, '{"amount":12345678901234567890.10}');
    const members = {
      tenant_id: 'acme',
      subscription_id: '0193b7e2-5c1a-7c3e-9a4b-3f2d1e0c9b8a',
      attempt: 1,
      trigger: 'initial',
      first_attempt_at: '2026-11-23T00:05:01.000Z',
      enqueued_at: '2026-11-23T00:05:01.000Z',
    } as const;
    // The previous writer put the body's text in as `event` and again as the string `body`.
    const v1 = `${JSON.stringify({ type: 'DeliveryTaskV1', ...members }).slice(0, -1)},"event":${body},"body":${JSON.stringify(body)}}`;
    expect(valid('delivery-task-v1', v1)).toEqual([]);
    expect(parseDeliveryTask(Buffer.from(v1))).toEqual({ type: 'DeliveryTaskV2', ...members, event: head, body });
  });

  it('an alert record validates', () => {
    const alert: AlertEventV1 = {
      type: 'AlertEventV1',
      tenant_id: 'acme',
      subscription_id: '0193b7e2-5c1a-7c3e-9a4b-3f2d1e0c9b8a',
      event: {
        id: 'alert_1',
        type: 'subscription.failing',
        created_at: '2026-11-23T00:05:00.000Z',
        data: {
          subscription_id: '0193b7e2-5c1a-7c3e-9a4b-3f2d1e0c9b8a',
          url: 'https://example.com/hooks',
          status: 'failing',
          previous_status: 'active',
          reason: 'retries exhausted',
          status_changed_at: '2026-11-23T00:05:00.000Z',
          event_id: 'evt_1',
          attempts: [],
        },
      },
    };
    expect(valid('alert-event-v1', JSON.stringify(alert))).toEqual([]);
  });
});
