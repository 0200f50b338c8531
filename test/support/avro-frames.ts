import avro from 'avsc';

/**
 * Writes Avro the way a Confluent producer does, for tests: the writer schema as registered, no
 * logical types (a producer writes the underlying bytes and numbers), longs as bigint so values
 * beyond 2^53 can be written, and the registry frame (magic 0, schema id, payload).
 */
const longType = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint | number) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: (n: unknown) => BigInt(n as number),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint' || Number.isInteger(n),
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

export function avroWriter(schema: object): avro.Type {
  const isLong = (s: unknown) => s === 'long' || (s as { type?: unknown })?.type === 'long';
  return avro.Type.forSchema(schema as avro.Schema, { typeHook: (s) => (isLong(s) ? longType : undefined) });
}

/** An Avro event envelope as producers register it: id, type, created_at, and a `data` record of `dataFields`. */
export function avroEnvelope(names: { record: string; data: string; namespace: string }, dataFields: object[]) {
  return {
    type: 'record',
    name: names.record,
    namespace: names.namespace,
    fields: [
      { name: 'id', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'created_at', type: 'string' },
      { name: 'data', type: { type: 'record', name: names.data, fields: dataFields } },
    ],
  };
}

/** Registers a schema over the registry's REST API (Confluent's: POST /subjects/{subject}/versions); returns its id. */
export async function registerSchema(
  registryUrl: string,
  subject: string,
  schema: object,
  schemaType: 'AVRO' | 'JSON' = 'AVRO',
): Promise<number> {
  const res = await fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
    body: JSON.stringify({ schemaType, schema: JSON.stringify(schema) }),
  });
  if (!res.ok) throw new Error(`registering ${subject}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export function frame(schemaId: number, payload: Buffer | string): Buffer {
  const head = Buffer.alloc(5);
  head.writeInt32BE(schemaId, 1);
  return Buffer.concat([head, Buffer.isBuffer(payload) ? payload : Buffer.from(payload)]);
}

/** An unscaled decimal as Avro writes it: big-endian two's complement in `size` bytes (minimal when omitted). */
export function decimalBytes(unscaled: bigint, size?: number): Buffer {
  let n = size ?? 1;
  while (size === undefined && (unscaled >= 1n << BigInt(8 * n - 1) || unscaled < -(1n << BigInt(8 * n - 1)))) n++;
  const twos = unscaled < 0n ? (1n << BigInt(8 * n)) + unscaled : unscaled;
  return Buffer.from(twos.toString(16).padStart(2 * n, '0'), 'hex');
}
