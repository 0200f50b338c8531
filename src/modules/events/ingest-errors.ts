/** One broken rule: the field and what it must be. */
export interface EnvelopeProblem {
  field: 'id' | 'type' | 'created_at' | 'data' | 'tenant_id' | 'body';
  code: 'INVALID_TYPE' | 'INVALID_VALUE' | 'TOO_DEEP';
  message: string;
}

/** Why an ingest record cannot become an event; the reason codes of the DLQ header (docs/errors.md). */
export type PoisonReason =
  'undecodable' | 'invalid_envelope' | 'unknown_schema' | 'no_tenant' | 'invalid_data' | 'too_large' | 'unknown_type';

/** What could be read of a refused record, so that its dead letter can be found by event id. */
export interface RefusedEvent {
  id?: string;
  type?: string;
  tenantId?: string;
}

/** A record that will never succeed however often it is tried: it is parked, not retried. */
export class PoisonMessageError extends Error {
  /** Filled in by ingest once it knows them (the envelope may be read even when it breaks a rule). */
  event: RefusedEvent = {};

  constructor(
    readonly reason: PoisonReason,
    detail: string,
    /** For invalid_envelope: each broken rule with its field. */
    readonly problems: readonly EnvelopeProblem[] = [],
  ) {
    super(detail);
    this.name = 'PoisonMessageError';
  }
}
