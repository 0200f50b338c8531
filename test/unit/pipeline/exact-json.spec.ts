import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isLosslessNumber } from 'lossless-json';
import { decimalText, unscaledOf } from '../../../src/modules/events/avro-logical-types.js';
import type { DeliveryTaskV1, DeliveryTaskV2 } from '../../../src/modules/delivery/delivery-task.js';
import { parseDeliveryTask } from '../../../src/modules/delivery/delivery-task.js';
import { envelopeBody, serializeTask } from '../../../src/modules/delivery/task-record.js';
import {
  hasExactNumbers,
  parseExact,
  stringifyExact,
  withPlainNumbers,
} from '../../../src/platform/json/exact-json.js';

describe('exact JSON', () => {
  const text = '{"id":9007199254740993,"neg":-18446744073709551617,"f":0.1000000000000000055511151231257827,"n":1}';

  it('takes the native parser when no number can be rounded, and says so', () => {
    expect(parseExact('{"a":900719925474099,"b":"x"}')).toEqual({
      value: { a: 900719925474099, b: 'x' },
      exact: false,
    });
  });

  it('keeps every digit of numbers a double cannot hold, and writes them back unchanged', () => {
    const { value, exact } = parseExact(text);
    expect(exact).toBe(true);
    expect(isLosslessNumber((value as { id: unknown }).id)).toBe(true);
    expect((value as { n: unknown }).n).toBe(1);
    expect(stringifyExact(value)).toBe(text);
  });

  it('can turn integers beyond 2^53 into strings instead', () => {
    const { value } = parseExact(text, 'string');
    expect(value).toMatchObject({ id: '9007199254740993', neg: '-18446744073709551617', n: 1 });
    expect(isLosslessNumber((value as { f: unknown }).f)).toBe(true);
  });

  it('writes bigint with its digits and gives validators plain numbers', () => {
    const value = { big: 2n ** 63n - 1n, list: [1, 2n ** 64n] };
    expect(hasExactNumbers(value)).toBe(true);
    expect(hasExactNumbers({ a: [1, { b: 'c' }] })).toBe(false);
    expect(stringifyExact(value)).toBe('{"big":9223372036854775807,"list":[1,18446744073709551616]}');
    expect(withPlainNumbers(parseExact(text).value)).toEqual(JSON.parse(text));
  });
});

describe('Avro decimals', () => {
  it.each([
    ['1079', 2, '42.17'],
    ['c568', 4, '-1.5000'],
    ['2a', 4, '0.0042'],
    ['3039', 0, '12345'],
    ['ff', 3, '-0.001'],
    ['00', 2, '0.00'],
    ['ffffffffffffff85', 6, '-0.000123'],
    ['018ee90ff6c373e0ee0c04d515', 10, '123456789012345678900123456789'.replace(/(\d{10})$/, '.$1')],
  ])('bytes %s at scale %i read as %s', (hex, scale, expected) => {
    expect(decimalText(unscaledOf(Buffer.from(hex, 'hex')), scale)).toBe(expected);
  });
});

describe('task records', () => {
  const event = {
    id: 'evt_1',
    type: 'ledger.posted',
    created_at: '2026-11-23T10:00:00Z',
    data: { id: 1 },
    sequence: 3,
    previous_event_id: null,
  };
  const task: DeliveryTaskV1 = {
    type: 'DeliveryTaskV1',
    tenant_id: 't',
    subscription_id: '0b8d5a4c-7f3e-4a7b-9d2c-1e6f5a4b3c2d',
    event,
    attempt: 1,
    trigger: 'initial',
    first_attempt_at: '2026-11-23T10:00:01Z',
    enqueued_at: '2026-11-23T10:00:01Z',
  };
  const dataText = '{"id":9223372036854775807}';
  const body = envelopeBody(event, dataText);
  const { data, ...head } = event;
  void data;
  const v2: DeliveryTaskV2 = { ...task, type: 'DeliveryTaskV2', event: head, body };

  it('splices the serialised data into the envelope in the delivered key order', () => {
    expect(body).toBe(
      '{"id":"evt_1","type":"ledger.posted","created_at":"2026-11-23T10:00:00Z","data":{"id":9223372036854775807},"sequence":3,"previous_event_id":null}',
    );
  });

  it('writes the event once, as the body text, and reads back those very bytes', () => {
    const record = serializeTask(v2);
    expect(parseDeliveryTask(Buffer.from(record)).body).toBe(body);
    expect(record.split('9223372036854775807')).toHaveLength(2);
    expect(record).not.toContain('"data"');
  });

  it('writes records that match schemas/messages/delivery-task-v2.schema.json', () => {
    const schema = JSON.parse(readFileSync('schemas/messages/delivery-task-v2.schema.json', 'utf8')) as object;
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(schema);
    expect(validate(JSON.parse(serializeTask(v2)))).toBe(true);
    expect(validate({ ...JSON.parse(serializeTask(v2)), body: 7 })).toBe(false);
  });

  it('still delivers V1 tasks in flight (rolling upgrade): their body, or before bodies their event serialised', () => {
    const withBody = parseDeliveryTask(Buffer.from(JSON.stringify({ ...task, body })));
    expect(withBody).toEqual(v2);
    expect(parseDeliveryTask(Buffer.from(JSON.stringify(task))).body).toBe(JSON.stringify(event));
    expect(() => parseDeliveryTask(Buffer.from(JSON.stringify({ ...task, body: 7 })))).toThrow(/body/);
    expect(() => parseDeliveryTask(Buffer.from(JSON.stringify({ ...v2, body: undefined })))).toThrow(/body/);
  });
});
