import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { EventCatalog } from '../event-types/event-catalog.js';
import { PoisonMessageError } from './ingest-errors.js';

const invalidData = counter('hookline_ingest_invalid_data_total', 'Events whose data fails its type schema', [
  'type',
  'mode',
]);
const unknownTypes = counter('hookline_ingest_unknown_type_total', 'Events whose type the catalog does not know', [
  'mode',
]);

/**
 * Checks an event against the catalog. A type the catalog does not know: INGEST_UNKNOWN_TYPES
 * deliver (only wildcard subscriptions can match it) or park (reason unknown_type). Data against
 * the type's current schema, whatever its source: INGEST_DATA_VALIDATION off skips it, warn counts
 * and logs (once per type), enforce parks the event with reason invalid_data.
 */
@Injectable()
export class DataValidator {
  private readonly mode: 'off' | 'warn' | 'enforce';
  private readonly unknown: 'deliver' | 'park';
  private readonly warned = new Set<string>();
  private readonly log = new Logger('DataValidation');

  constructor(
    config: AppConfig,
    private readonly catalog: EventCatalog,
  ) {
    this.mode = config.ingest.dataValidation;
    this.unknown = config.ingest.unknownTypes;
  }

  /** Throws PoisonMessageError (unknown_type or invalid_data) when the modes say to park. */
  check(type: string, data: unknown): void {
    if (!this.catalog.get(type)) {
      unknownTypes.inc({ mode: this.unknown });
      if (this.unknown === 'park') throw new PoisonMessageError('unknown_type', `${type} is not in the event catalog`);
      return;
    }
    if (this.mode === 'off') return;
    const problems = this.catalog.check(type, data) ?? [];
    if (!problems.length) return;
    const detail = problems.slice(0, 5).join('; ');
    invalidData.inc({ type, mode: this.mode });
    if (this.mode === 'enforce') throw new PoisonMessageError('invalid_data', `${type}: ${detail}`);
    if (!this.warned.has(type)) {
      this.warned.add(type);
      this.log.warn(`${type} events do not match their schema (${detail}); delivered anyway (mode warn)`);
    }
  }
}
