import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AppConfig } from '../../platform/config/app-config.js';
import { projectRoot } from '../../platform/project-root.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { PoisonMessageError } from './ingest-errors.js';

const invalidData = counter('hookline_ingest_invalid_data_total', 'Events whose data fails its type schema', [
  'type',
  'mode',
]);

/**
 * Validates an event's data against schemas/event-types/<type>.schema.json (or <type>.json) when it exists.
 * INGEST_DATA_VALIDATION: off skips it, warn counts and logs (once per type), enforce parks the
 * event with reason invalid_data. Schemas are compiled once per type.
 */
@Injectable()
export class DataValidator {
  private readonly mode: 'off' | 'warn' | 'enforce';
  private readonly dir = join(projectRoot(), 'schemas', 'event-types');
  private readonly compiled = new Map<string, ValidateFunction | null>();
  private readonly warned = new Set<string>();
  private readonly log = new Logger('DataValidation');

  constructor(config: AppConfig) {
    this.mode = config.env.INGEST_DATA_VALIDATION;
  }

  /** Throws PoisonMessageError('invalid_data') in enforce mode; otherwise never throws. */
  check(type: string, data: unknown): void {
    if (this.mode === 'off') return;
    const validate = this.validatorFor(type);
    if (!validate || validate(data)) return;
    const detail = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`)
      .join('; ');
    invalidData.inc({ type, mode: this.mode });
    if (this.mode === 'enforce') throw new PoisonMessageError('invalid_data', `${type}: ${detail}`);
    if (!this.warned.has(type)) {
      this.warned.add(type);
      this.log.warn(`${type} events do not match their schema (${detail}); delivered anyway (mode warn)`);
    }
  }

  private validatorFor(type: string): ValidateFunction | null {
    if (this.compiled.has(type)) return this.compiled.get(type)!;
    // type is a checked dotted name, so it cannot climb out of the directory.
    const file = [`${type}.schema.json`, `${type}.json`].map((name) => join(this.dir, name)).find(existsSync);
    let validate: ValidateFunction | null = null;
    if (file) {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $schema?: string };
      const ajv = schema.$schema?.includes('2020-12') ? new Ajv2020({ strict: false }) : new Ajv({ strict: false });
      (addFormats as unknown as (a: Ajv) => void)(ajv);
      validate = ajv.compile(schema);
    }
    this.compiled.set(type, validate);
    return validate;
  }
}
