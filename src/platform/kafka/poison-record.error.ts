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
