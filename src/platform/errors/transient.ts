/**
 * An infrastructure failure that goes away by itself (broker, database or registry briefly
 * unavailable). The consumer retries such a record until it succeeds instead of quarantining it:
 * parking valid events in the DLQ during a database restart would turn an outage into a redrive.
 */
export class TransientError extends Error {
  readonly transient = true;
}

/** Kafka refusing this instance until an operator fixes an ACL: retried, never a reason to park a record. */
const KAFKA_AUTHORIZATION_TYPES = new Set([
  'TOPIC_AUTHORIZATION_FAILED',
  'GROUP_AUTHORIZATION_FAILED',
  'CLUSTER_AUTHORIZATION_FAILED',
  'TRANSACTIONAL_ID_AUTHORIZATION_FAILED',
  'SASL_AUTHENTICATION_FAILED',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** Transient errors, plus the known transient failures of kafkajs and pg. */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { transient?: boolean; retriable?: boolean; name?: string; code?: string; type?: string };
  if (e.transient === true) return true;
  if (e.type && KAFKA_AUTHORIZATION_TYPES.has(e.type)) return true;
  // A protocol error the broker calls final (record too large, invalid record) never heals; any
  // other kafkajs error reaching us is the cluster being away after the client's own retries.
  if (e.name === 'KafkaJSProtocolError') return e.retriable !== false;
  if (e.name?.startsWith('KafkaJS')) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  // Postgres: connection exceptions (08), insufficient resources (53), operator intervention (57),
  // serialization failure and deadlock (40).
  if (typeof e.code === 'string' && /^(08|53|57|40)/.test(e.code) && e.code.length === 5) return true;
  const message = String((error as Error).message ?? '');
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
