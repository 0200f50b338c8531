/** The schemas the fuzzer registers with the real registry, for its framed records. */
import { avroEnvelope } from './avro-frames.js';

/** The Avro envelope the fuzzer registers (a namespace of its own per run). */
export const avroEnvelopeSchema = (namespace: string) =>
  avroEnvelope({ record: 'FuzzEnvelope', data: 'FuzzData', namespace }, [
    { name: 's', type: 'string' },
    { name: 'l', type: 'long' },
    { name: 'd', type: 'double' },
    { name: 'i', type: 'int' },
    { name: 'b', type: 'boolean' },
    { name: 'arr', type: { type: 'array', items: 'long' } },
    { name: 'm', type: { type: 'map', values: 'string' } },
    { name: 'opt', type: ['null', 'double'] },
  ]);

export const jsonEnvelopeSchema = {
  type: 'object',
  required: ['id', 'type', 'created_at', 'data'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    created_at: { type: 'string' },
    data: { type: 'object' },
  },
};
