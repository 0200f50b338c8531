import { ConfigError } from '../platform/config/secret-settings.js';
import { MissingKeyRingError } from '../platform/crypto/key-ring-config.js';
import { UndecryptableRowsError } from '../platform/crypto/key-ring-check.js';
import { DatabaseUnavailableError } from '../platform/database/data-source.js';
import { BootCheckError } from '../platform/kafka/kafka-pipeline.transport.js';
import { KafkaUnavailableError } from '../platform/kafka/kafka.service.js';
import { TopologyError } from '../platform/kafka/pipeline-topology.js';

/** Failures whose message says all an operator needs: a stack would only bury it. */
const KNOWN_FAILURES = [
  ConfigError,
  MissingKeyRingError,
  DatabaseUnavailableError,
  UndecryptableRowsError,
  KafkaUnavailableError,
  TopologyError,
  BootCheckError,
];

/**
 * The fields of main's one "cannot start" line: the message, and for an unexpected error (a bug)
 * its stack too, inside the same JSON line.
 */
export function startFailureLine(error: unknown): { fields: Record<string, unknown>; msg: string } {
  const message = error instanceof Error ? error.message : String(error);
  const known = KNOWN_FAILURES.some((type) => error instanceof type);
  return {
    fields: known || !(error instanceof Error) ? {} : { err: error },
    msg: `hookline: cannot start: ${message}`,
  };
}
