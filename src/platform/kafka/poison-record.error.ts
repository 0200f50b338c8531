/**
 * A record that can never be processed however often it is tried (malformed, unknown version):
 * the consumer base parks it on the DLQ at once, with this reason, instead of retrying it.
 */
export class PoisonRecordError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A failure after the handler's effect outside Kafka (a request went out): running the handler
 * again would repeat the effect, so the consumer base parks the record at once instead, with the
 * reason its cause names (processing_error when it names none: a bug).
 */
export class AfterEffectError extends Error {
  constructor(override readonly cause: unknown) {
    super(`failed after its effect: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'AfterEffectError';
  }

  /** The reason of a known failure (a poison record's, or a named park reason), if the cause has one. */
  get parkReason(): string | undefined {
    return namedParkReason(this.cause);
  }
}

/** A poison record's reason, or the string reason an error names itself; undefined for any other error. */
function namedParkReason(error: unknown): string | undefined {
  if (error instanceof PoisonRecordError) return error.reason;
  const named = (error as { parkReason?: unknown } | undefined)?.parkReason;
  return typeof named === 'string' ? named : undefined;
}

/**
 * The DLQ reason of a record whose handler threw `error`: a poison record's reason, a reason the
 * error names (an endpoint's refusal, an AfterEffectError's cause), else processing_error (a bug).
 */
export function parkReasonOf(error: unknown): string {
  return namedParkReason(error) ?? 'processing_error';
}
