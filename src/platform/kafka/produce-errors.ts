import { PoisonRecordError } from './poison-record.error.js';

/**
 * What a failed produce means:
 * - `record`: the broker refuses these records whatever happens (too large, invalid); only the
 *   callers whose records they are may fail, never their batch-mates;
 * - `sequence`: the idempotent producer's sequence or epoch no longer matches the broker's; a fresh
 *   producer (new producer id) heals it, then the send is repeated;
 * - `transient`: the cluster is away or moving (timeouts, leader changes, not enough replicas), or
 *   refuses this instance until an operator fixes its credentials, ACLs or certificates;
 * - `fatal`: not a Kafka error at all (a bug): passed on as it is.
 */
export type ProduceErrorKind = 'record' | 'sequence' | 'transient' | 'fatal';

const RECORD_ERRORS = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD', 'INVALID_TIMESTAMP']);
const SEQUENCE_ERRORS = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'DUPLICATE_SEQUENCE_NUMBER',
  'INVALID_PRODUCER_EPOCH',
  'UNKNOWN_PRODUCER_ID',
  'INVALID_PRODUCER_ID_MAPPING',
]);

interface KafkaErrorShape {
  name?: string;
  type?: string;
  cause?: unknown;
  originalError?: unknown;
}

/** The errors kafkajs nests (retries exceeded → non-retriable → protocol error), outermost first. */
function chain(error: unknown): KafkaErrorShape[] {
  const found: KafkaErrorShape[] = [];
  for (let e = error as KafkaErrorShape | undefined; e && typeof e === 'object' && found.length < 5;) {
    found.push(e);
    e = (e.cause ?? e.originalError) as KafkaErrorShape | undefined;
    if (found.includes(e as KafkaErrorShape)) break;
  }
  return found;
}

export function classifyProduceError(error: unknown): ProduceErrorKind {
  const errors = chain(error);
  const types = errors.map((e) => e.type).filter((t): t is string => typeof t === 'string');
  if (types.some((t) => RECORD_ERRORS.has(t))) return 'record';
  if (types.some((t) => SEQUENCE_ERRORS.has(t))) return 'sequence';
  if (errors.some((e) => e.name?.startsWith('KafkaJS') || e.name === 'OAuthTokenError')) return 'transient';
  return 'fatal';
}

/** The broker refused this caller's records for good: parked with reason `too_large` (or `invalid_record`). */
export class RecordRejectedError extends PoisonRecordError {
  constructor(
    readonly topic: string,
    detail: string,
    reason: 'too_large' | 'invalid_record' = 'too_large',
  ) {
    super(reason, detail);
    this.name = 'RecordRejectedError';
  }
}

/** The cluster could not take the records within the producer's own retry budget; retried by the caller. */
export class ProduceUnavailableError extends Error {
  readonly transient = true;
  constructor(
    readonly kind: ProduceErrorKind,
    cause: unknown,
  ) {
    super(`cannot produce (${kind}): ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ProduceUnavailableError';
  }
}

export function recordRejection(topic: string, error: unknown): RecordRejectedError {
  const type = chain(error)
    .map((e) => e.type)
    .find((t) => t && RECORD_ERRORS.has(t));
  const reason = type === 'MESSAGE_TOO_LARGE' || type === 'RECORD_LIST_TOO_LARGE' ? 'too_large' : 'invalid_record';
  return new RecordRejectedError(topic, `${topic} refused the record: ${type ?? String(error)}`, reason);
}
