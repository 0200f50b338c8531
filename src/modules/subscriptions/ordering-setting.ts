import type { FieldError } from '../../platform/errors/app-error.js';
import { compileExpression, describeFilterError } from '../filters/filter-compiler.js';
import { FilterError } from '../filters/filter-error.js';
import { FILTER_MAX_LENGTH } from '../filters/filter-limits.js';

/** What the key waits for when its head's retries are exhausted: the DLQ (the key moves on) or an operator. */
const ON_EXHAUSTED = ['skip', 'block'] as const;
export type OnExhausted = (typeof ON_EXHAUSTED)[number];

/** `key` naming one order for the whole subscription rather than a CEL expression. */
export const WHOLE_SUBSCRIPTION = 'subscription';

/**
 * A subscription's ordered delivery, as stored and shown: events with the same key value are
 * delivered one after another (docs/guides/ordered-delivery.md). Null on a subscription: unordered.
 */
export interface OrderingSetting {
  /** A CEL expression over `event` whose value is the key, or "subscription". */
  key: string;
  on_exhausted: OnExhausted;
}

const NUL = '\u0000';
const MEMBERS = new Set(['key', 'on_exhausted']);

/** The object `ordering` holds (the rules orderingErrors checks); `required` differs between request and response. */
const ORDERING_OBJECT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    key: {
      type: 'string',
      minLength: 1,
      maxLength: FILTER_MAX_LENGTH,
      pattern: '^[^\\u0000]*$',
      example: 'event.data.account_id',
      description:
        'A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" ' +
        'for one order over the whole subscription. Compiled when written; 422 with the position at fault',
    },
    on_exhausted: {
      type: 'string',
      enum: ON_EXHAUSTED,
      default: 'skip',
      description:
        'When the retries of a key\'s next event run out: "skip" dead-letters it and the key moves on; ' +
        '"block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)',
    },
  },
};

/** `ordering` in requests: null or absent is no order; replaced whole by a merge patch. */
export const ORDERING_INPUT_SCHEMA = {
  nullable: true,
  oneOf: [{ ...ORDERING_OBJECT, required: ['key'] }],
  description:
    'Ordered delivery: events with the same key are delivered one after another, each once the one ' +
    'before was delivered or given up. null or absent: no order. A merge patch replaces it whole',
};

/** `ordering` in responses: on_exhausted always shown. */
export const ORDERING_VIEW_SCHEMA = {
  nullable: true,
  oneOf: [{ ...ORDERING_OBJECT, required: ['key', 'on_exhausted'] }],
  description: 'Ordered delivery by key (docs/guides/ordered-delivery.md); null: no order',
};

/** The problems of an `ordering` value as the client wrote it, fields named `ordering.…`. */
export function orderingErrors(value: unknown): FieldError[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    return [{ field: 'ordering', code: 'INVALID_TYPE', message: 'ordering must be an object or null' }];
  const { key, on_exhausted: onExhausted, ...rest } = value as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(rest)
    .filter((name) => !MEMBERS.has(name))
    .map((name) => ({
      field: `ordering.${name.slice(0, 64)}`,
      code: 'UNKNOWN_FIELD',
      message: `ordering has no member ${name.slice(0, 64)}; it takes key and on_exhausted`,
    }));
  errors.push(...keyErrors(key));
  if (onExhausted !== undefined && !ON_EXHAUSTED.includes(onExhausted as OnExhausted))
    errors.push({
      field: 'ordering.on_exhausted',
      code: 'INVALID_VALUE',
      message: `on_exhausted must be one of ${ON_EXHAUSTED.join(', ')}`,
    });
  return errors;
}

function keyErrors(key: unknown): FieldError[] {
  const field = 'ordering.key';
  if (key === undefined) return [{ field, code: 'REQUIRED', message: 'ordering.key is required' }];
  if (typeof key !== 'string') return [{ field, code: 'INVALID_TYPE', message: 'ordering.key must be a string' }];
  if (key.length === 0) return [{ field, code: 'INVALID_VALUE', message: 'ordering.key must not be empty' }];
  if ([...key].length > FILTER_MAX_LENGTH)
    return [{ field, code: 'TOO_LONG', message: `ordering.key must be at most ${FILTER_MAX_LENGTH} characters` }];
  if (key.includes(NUL)) return [{ field, code: 'INVALID', message: 'ordering.key must not contain U+0000' }];
  if (key === WHOLE_SUBSCRIPTION) return [];
  try {
    compileExpression(key, 'key expression');
    return [];
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return [{ field, code: 'INVALID_ORDERING_KEY', message: describeFilterError(error), position: error.position }];
  }
}

/** The setting to store for a value orderingErrors accepted: on_exhausted made explicit. */
export function orderingSetting(value: unknown): OrderingSetting | null {
  if (value === null || value === undefined) return null;
  const { key, on_exhausted: onExhausted } = value as { key: string; on_exhausted?: OnExhausted };
  return { key, on_exhausted: onExhausted ?? 'skip' };
}
