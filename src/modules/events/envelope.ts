import { isMessageId, MESSAGE_ID } from '../../platform/egress/signer.js';
import { nestsDeeperThan } from '../../platform/json/json-text.js';
import { PoisonMessageError, type EnvelopeProblem } from './ingest-errors.js';
import { isRealInstant } from '../../platform/time/real-instant.js';

/**
 * The public contract of publishing an event: the envelope's rules, checked here and nowhere else
 * (ingest from Kafka, and any other way in, call checkEnvelope). docs/errors.md states them beside
 * `invalid_envelope`.
 */

/** The event as upstream services publish it. */
export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  tenant_id?: string;
  /** `data` as its producer wrote it when it came as a JSON string (Avro envelopes often carry it so). */
  dataJson?: string;
}

export const ENVELOPE_LIMITS = {
  idMaxLength: 255,
  typeMaxLength: 255,
  /**
   * Levels of objects and arrays in `data`, itself the first: the delivered envelope then nests at
   * most 101 deep, within every common parser's default limit (serde_json's is 128).
   */
  dataMaxDepth: 100,
} as const;

/** A dotted type name; exported for the API's documentation of the same rule. */
export const TYPE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
/** RFC 3339 with an offset (seconds optional, `+hhmm` accepted), at most nanoseconds. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A valid `created_at` as the UTC instant Postgres stores, its fraction of a second kept whole.
 * The envelope allows any offset within a day; Postgres takes at most ±15:59 (and the delivered
 * envelope keeps the text as written).
 */
export function utcInstant(createdAt: string): string {
  const fraction = /\.\d{1,9}/.exec(createdAt)?.[0] ?? '';
  const whole = new Date(Date.parse(createdAt.replace(fraction, '')));
  return `${whole.toISOString().slice(0, 19)}${fraction}Z`;
}

/** A real instant: a date on the calendar, a time of day, an offset within a day. */
export function isTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  return m !== null && isRealInstant(m, text);
}

/**
 * Visible ASCII only (U+0021-U+007E), 1-255 characters: the id travels in the `webhook-id` header
 * and in signed strings (the signer's rule for a message id).
 */
export const isEventId = (id: unknown): id is string => isMessageId(id);

/** The event id's rule as a pattern, for the API's schema. */
export const EVENT_ID = MESSAGE_ID;

export const isEventType = (type: unknown): type is string =>
  typeof type === 'string' && type.length <= ENVELOPE_LIMITS.typeMaxLength && TYPE.test(type);

const TOO_DEEP: EnvelopeProblem = {
  field: 'data',
  code: 'TOO_DEEP',
  message: `data must not nest deeper than ${ENVELOPE_LIMITS.dataMaxDepth} levels of objects and arrays`,
};

/** Every rule the envelope breaks, each with its field; empty when it may be published. */
export function envelopeProblems(value: unknown): EnvelopeProblem[] {
  return inspect(value).problems;
}

/** Checks the envelope and returns it typed; every problem found is named, with its field, in one error. */
export function checkEnvelope(value: unknown): EventEnvelope {
  const { problems, data } = inspect(value);
  if (problems.length > 0)
    throw new PoisonMessageError('invalid_envelope', problems.map((p) => p.message).join('; '), problems);
  const envelope = value as Record<string, unknown>;
  return {
    id: envelope.id as string,
    type: envelope.type as string,
    created_at: envelope.created_at as string,
    data: data as Record<string, unknown>,
    tenant_id: (envelope.tenant_id as string | null) ?? undefined,
    ...(typeof envelope.data === 'string' ? { dataJson: envelope.data } : {}),
  };
}

function inspect(value: unknown): { problems: EnvelopeProblem[]; data?: unknown } {
  if (!isObject(value))
    return { problems: [{ field: 'body', code: 'INVALID_TYPE', message: 'the event is not a JSON object' }] };
  const { id, type, created_at, tenant_id } = value;
  const problems: EnvelopeProblem[] = [];
  const add = (field: EnvelopeProblem['field'], message: string) =>
    problems.push({ field, code: 'INVALID_VALUE', message });
  if (!isEventId(id))
    add('id', `id must be 1-${ENVELOPE_LIMITS.idMaxLength} visible ASCII characters (U+0021 to U+007E)`);
  if (!isEventType(type))
    add('type', 'type must be a dotted name such as order.created (letters, digits, "_" and "-" between the dots)');
  if (typeof created_at !== 'string' || !isTimestamp(created_at))
    add('created_at', 'created_at must be an RFC 3339 timestamp with a zone, such as 2026-11-22T10:00:00Z');
  const data = dataOf(value.data);
  if (!isObject(data)) add('data', 'data must be an object (or a string holding one)');
  else if (nestsDeeperThan(data, ENVELOPE_LIMITS.dataMaxDepth)) problems.push(TOO_DEEP);
  if (tenant_id !== undefined && tenant_id !== null && typeof tenant_id !== 'string')
    add('tenant_id', 'tenant_id must be a string');
  return { problems, data };
}

/**
 * For text parsed before the envelope is checked (a JSON Schema frame's validator walks it): a
 * document too deep to be an envelope is refused first, with the same problem checkEnvelope names.
 */
export function refuseTooDeep(value: unknown): void {
  if (nestsDeeperThan(value, ENVELOPE_LIMITS.dataMaxDepth + 1))
    throw new PoisonMessageError('invalid_envelope', TOO_DEEP.message, [TOO_DEEP]);
}

/** Avro schemas often carry the payload as a JSON string: its object, or the value as it is. */
function dataOf(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
