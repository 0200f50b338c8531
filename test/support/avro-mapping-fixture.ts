import { decimalBytes } from './avro-frames.js';

/** One Avro record with every logical type, big longs, several decimal scales and unions, and its JSON. */

const dec = (precision: number, scale: number) => ({ type: 'bytes', logicalType: 'decimal', precision, scale });
const at = Date.UTC(2026, 10, 23, 2, 25, 43, 123); // 2026-11-23T02:25:43.123Z
const day = Date.UTC(2026, 10, 23) / 86_400_000;

export const DATA_SCHEMA = {
  acceptance: {
    type: 'record',
    name: 'AcceptanceData',
    fields: [
      { name: 'amount', type: dec(9, 2) },
      { name: 'ledger_id', type: 'long' },
    ],
  },
  payment: (namespace: string) => ({
    type: 'record',
    name: 'PaymentData',
    namespace,
    fields: [
      { name: 'amount', type: dec(9, 2) },
      { name: 'refund', type: dec(10, 4) },
      { name: 'tiny', type: dec(4, 4) },
      { name: 'whole', type: dec(5, 0) },
      { name: 'huge', type: dec(38, 10) },
      { name: 'rate', type: { type: 'fixed', name: 'Rate', size: 8, logicalType: 'decimal', precision: 18, scale: 6 } },
      { name: 'issued_on', type: { type: 'int', logicalType: 'date' } },
      { name: 'before_epoch', type: { type: 'int', logicalType: 'date' } },
      { name: 'captured_at', type: { type: 'long', logicalType: 'timestamp-micros' } },
      { name: 'epoch_minus', type: { type: 'long', logicalType: 'timestamp-micros' } },
      { name: 'local_at', type: { type: 'long', logicalType: 'local-timestamp-millis' } },
      { name: 'local_micros', type: { type: 'long', logicalType: 'local-timestamp-micros' } },
      { name: 'opens', type: { type: 'int', logicalType: 'time-millis' } },
      { name: 'opens_micros', type: { type: 'long', logicalType: 'time-micros' } },
      { name: 'ref', type: { type: 'string', logicalType: 'uuid' } },
      { name: 'period', type: { type: 'fixed', name: 'Period', size: 12, logicalType: 'duration' } },
      { name: 'ledger_id', type: 'long' },
      { name: 'min_long', type: 'long' },
      { name: 'max_long', type: 'long' },
      { name: 'count', type: 'long' },
      { name: 'raw', type: 'bytes' },
      { name: 'digest', type: { type: 'fixed', name: 'Digest', size: 4 } },
      { name: 'note', type: ['null', 'string'] },
      { name: 'missing', type: ['null', 'string'], default: null },
      { name: 'choice', type: ['null', 'long', 'string'] },
      {
        name: 'method',
        type: [
          { type: 'record', name: 'Card', fields: [{ name: 'last4', type: 'string' }] },
          { type: 'record', name: 'Bank', fields: [{ name: 'iban', type: 'string' }] },
        ],
      },
      { name: 'paid_at', type: ['null', { type: 'long', logicalType: 'timestamp-millis' }] },
      { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['PENDING', 'PAID'] } },
      { name: 'tags', type: { type: 'array', items: 'string' } },
      { name: 'limits', type: { type: 'map', values: 'long' } },
      { name: 'price', type: 'double' },
      { name: 'weight', type: 'float' },
    ],
  }),
};

export const ENVELOPE_SCHEMA = (namespace: string) => ({
  type: 'record',
  name: 'PaymentEnvelope',
  namespace,
  fields: [
    { name: 'id', type: 'string' },
    { name: 'type', type: 'string' },
    { name: 'created_at', type: { type: 'long', logicalType: 'timestamp-millis' } },
    { name: 'data', type: DATA_SCHEMA.payment(namespace) },
  ],
});

/** The values as a producer writes them: underlying bytes and numbers, unions as avsc takes them. */
export const paymentData = (namespace: string) => {
  const period = Buffer.alloc(12);
  period.writeUInt32LE(1, 0);
  period.writeUInt32LE(2, 4);
  period.writeUInt32LE(3, 8);
  return {
    amount: decimalBytes(4217n),
    refund: decimalBytes(-15000n),
    tiny: decimalBytes(42n),
    whole: decimalBytes(12345n),
    huge: decimalBytes(123456789012345678900123456789n),
    rate: decimalBytes(-123n, 8),
    issued_on: day,
    before_epoch: -1,
    captured_at: BigInt(at) * 1000n + 456n,
    epoch_minus: -1n,
    local_at: BigInt(at),
    local_micros: BigInt(at) * 1000n + 456n,
    opens: 34_200_250,
    opens_micros: 34_200_250_125n,
    ref: '0b8d5a4c-7f3e-4a7b-9d2c-1e6f5a4b3c2d',
    period,
    ledger_id: 2n ** 53n + 1n,
    min_long: -(2n ** 63n),
    max_long: 2n ** 63n - 1n,
    count: 42n,
    raw: Buffer.from('deadbeef', 'hex'),
    digest: Buffer.from([1, 2, 3, 4]),
    note: 'hi',
    missing: null,
    choice: 7n,
    method: { [`${namespace}.Card`]: { last4: '4242' } },
    paid_at: BigInt(at),
    status: 'PAID',
    tags: ['a', 'b'],
    limits: { x: 2n ** 63n - 1n },
    price: 0.1,
    weight: 1.5,
  };
};

/** `data` as the consumer receives it, byte for byte. */
export const EXPECTED_DATA =
  '{"amount":"42.17","refund":"-1.5000","tiny":"0.0042","whole":"12345",' +
  '"huge":"12345678901234567890.0123456789","rate":"-0.000123",' +
  '"issued_on":"2026-11-23","before_epoch":"1969-12-31",' +
  '"captured_at":"2026-11-23T02:25:43.123456Z","epoch_minus":"1969-12-31T23:59:59.999999Z",' +
  '"local_at":"2026-11-23T02:25:43.123","local_micros":"2026-11-23T02:25:43.123456",' +
  '"opens":"09:30:00.250","opens_micros":"09:30:00.250125",' +
  '"ref":"0b8d5a4c-7f3e-4a7b-9d2c-1e6f5a4b3c2d","period":{"months":1,"days":2,"milliseconds":3},' +
  '"ledger_id":9007199254740993,"min_long":-9223372036854775808,"max_long":9223372036854775807,"count":42,' +
  '"raw":"3q2+7w==","digest":"AQIDBA==","note":"hi","missing":null,"choice":7,"method":{"last4":"4242"},' +
  '"paid_at":"2026-11-23T02:25:43.123Z","status":"PAID","tags":["a","b"],' +
  '"limits":{"x":9223372036854775807},"price":0.1,"weight":1.5}';
