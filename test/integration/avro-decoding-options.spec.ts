import { EventDecoder } from '../../src/modules/events/event-decoder.js';
import { RegistryAvailability } from '../../src/modules/events/registry-availability.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { stringifyExact } from '../../src/platform/json/exact-json.js';
import { memberText, unsafeIntegersAsStrings } from '../../src/platform/json/json-text.js';
import { avroWriter, frame, registerSchema } from '../support/avro-frames.js';
import { ENVELOPE_SCHEMA, paymentData } from '../support/avro-mapping-fixture.js';
import { testConfig, uniqueId } from '../support/test-config.js';

/**
 * The decoding settings, against the real registry: AVRO_DECIMAL_AS=number, BIG_INTEGERS_AS=string
 * and AVRO_UNION_WRAPPING=true change exactly what docs/concepts/event-types.md says they change.
 */
describe('Avro decoding options (real registry)', () => {
  const namespace = `hookline.test.${uniqueId('opts_')}`;
  const config = testConfig({ AVRO_DECIMAL_AS: 'number', BIG_INTEGERS_AS: 'string', AVRO_UNION_WRAPPING: 'true' });
  const decoder = new EventDecoder(config, new RegistryAvailability(config, new PipelineHealth(config)));

  it('decimals as numbers where a double holds them, big integers as strings, unions wrapped', async () => {
    const schema = ENVELOPE_SCHEMA(namespace);
    const id = await registerSchema(config.registry.url, `${namespace}.PaymentEnvelope`, schema);
    const payload = avroWriter(schema).toBuffer({
      id: 'evt_1',
      type: 'payment.succeeded',
      created_at: 0n,
      data: paymentData(namespace),
    });
    const { value, exact } = await decoder.decode(frame(id, payload));
    const data = JSON.parse(stringifyExact((value as { data: unknown }).data, exact)) as Record<string, unknown>;
    const text = stringifyExact((value as { data: unknown }).data, exact);

    expect(text).toContain('"amount":42.17,"refund":-1.5000,"tiny":0.0042,"whole":12345,');
    // precision 38 and 18: more digits than a double holds, so strings whatever the setting
    expect(data).toMatchObject({ huge: '12345678901234567890.0123456789', rate: '-0.000123' });
    expect(data).toMatchObject({
      ledger_id: '9007199254740993',
      min_long: '-9223372036854775808',
      max_long: '9223372036854775807',
      count: 42,
      limits: { x: '9223372036854775807' },
    });
    expect(data).toMatchObject({
      note: { string: 'hi' },
      missing: null,
      choice: { long: 7 },
      method: { [`${namespace}.Card`]: { last4: '4242' } },
      paid_at: { long: '2026-11-23T02:25:43.123Z' },
    });
    expect((value as { created_at: unknown }).created_at).toBe('1970-01-01T00:00:00.000Z');
  });

  it('plain JSON integers beyond 2^53 as strings (the text of data, rewritten)', async () => {
    const { text } = await decoder.decode(Buffer.from('{"data": {"id": 9007199254740993, "small": 7}}'));
    expect(unsafeIntegersAsStrings(memberText(text!, 'data')!)).toBe('{"id": "9007199254740993", "small": 7}');
  });

  it('keeps a map key "__proto__" and a -0.0, and refuses NaN and Infinity (no JSON carries them)', async () => {
    const plain = new EventDecoder(testConfig(), new RegistryAvailability(config, new PipelineHealth(config)));
    const schema = {
      type: 'record',
      name: 'Edges',
      namespace,
      fields: [
        { name: 'm', type: { type: 'map', values: 'string' } },
        { name: 'd', type: 'double' },
        { name: 'l', type: 'long' },
      ],
    };
    const id = await registerSchema(config.registry.url, `${namespace}.Edges`, schema);
    const m = Object.defineProperty({ a: '1' }, '__proto__', { value: '2', enumerable: true });
    const decoded = await plain.decode(frame(id, avroWriter(schema).toBuffer({ m, d: -0, l: 1n })));
    expect(stringifyExact(decoded.value, decoded.exact)).toBe('{"m":{"a":"1","__proto__":"2"},"d":-0,"l":1}');
    for (const d of [NaN, Infinity, -Infinity])
      await expect(plain.decode(frame(id, avroWriter(schema).toBuffer({ m: {}, d, l: 1n })))).rejects.toMatchObject({
        reason: 'invalid_envelope',
        message: expect.stringMatching(/NaN or Infinity/),
      });
  });

  it('an unknown schema id is parked as unknown_schema', async () => {
    await expect(decoder.decode(frame(2_000_000_000, Buffer.alloc(1)))).rejects.toMatchObject({
      reason: 'unknown_schema',
    });
  });
});
