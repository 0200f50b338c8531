import { parseExact, type BigIntegers } from '../../platform/json/exact-json.js';
import { PoisonMessageError } from './ingest-errors.js';

/** The event as upstream services publish it. */
export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  tenant_id?: string;
}

/** A dotted type name; exported for the API's documentation of the same rule. */
export const TYPE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the envelope and returns it typed; every problem found is named in one error. */
export function checkEnvelope(value: unknown, bigIntegers: BigIntegers = 'number'): EventEnvelope {
  if (!isObject(value)) throw new PoisonMessageError('invalid_envelope', 'the event is not a JSON object');
  const problems: string[] = [];
  const { id, type, created_at, tenant_id } = value;
  let { data } = value;
  // Avro schemas often carry the payload as a JSON string; its numbers keep every digit too.
  if (typeof data === 'string') {
    try {
      data = parseExact(data, bigIntegers).value;
    } catch {
      // reported below
    }
  }
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) problems.push('id must be a string of 1-255');
  if (typeof type !== 'string' || type.length > 255 || !TYPE.test(type))
    problems.push('type must be a dotted name such as order.created');
  if (typeof created_at !== 'string' || !ISO_8601.test(created_at) || Number.isNaN(Date.parse(created_at)))
    problems.push('created_at must be an ISO 8601 timestamp with a zone');
  if (!isObject(data)) problems.push('data must be an object');
  if (tenant_id !== undefined && tenant_id !== null && typeof tenant_id !== 'string')
    problems.push('tenant_id must be a string');
  if (problems.length > 0) throw new PoisonMessageError('invalid_envelope', problems.join('; '));
  return {
    id: id as string,
    type: type as string,
    created_at: created_at as string,
    data: data as Record<string, unknown>,
    tenant_id: (tenant_id as string | null) ?? undefined,
  };
}
