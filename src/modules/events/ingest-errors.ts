/** Why an ingest record cannot become an event; the reason codes of the DLQ header. */
export type PoisonReason =
  'undecodable' | 'invalid_envelope' | 'unknown_schema' | 'no_tenant' | 'invalid_data' | 'too_large' | 'unknown_type';

/** A record that will never succeed however often it is tried: it is parked, not retried. */
export class PoisonMessageError extends Error {
  constructor(
    readonly reason: PoisonReason,
    detail: string,
  ) {
    super(detail);
  }
}
