import { visit } from 'jsonc-parser';
import type { FieldError } from '../../platform/errors/app-error.js';

/** One event of a publish request as the client wrote it, with its `data` as the very text sent. */
export interface PublishItem {
  index: number;
  body: unknown;
  /** The raw JSON text of `data`, when the item has one. */
  dataText?: string;
}

const FIELDS = new Set(['id', 'type', 'created_at', 'data', 'metadata']);
/** Metadata travels as record headers: names a header can carry, none that ingest reads itself. */
const METADATA_KEY = /^[A-Za-z0-9._-]{1,64}$/;
export const RESERVED_METADATA = ['tenant-id', 'traceparent', 'tracestate', 'baggage'];
export const METADATA_MAX_ENTRIES = 32;
export const METADATA_VALUE_MAX_LENGTH = 1024;

/**
 * The items of a request body: the body itself (POST /v1/events) or each element of the body's
 * array (batch). Each `data` is cut out of the raw text, so its bytes reach the ingest topic as the
 * client sent them (number digits, escapes and all), never re-serialised from a parse.
 */
export function publishItems(raw: string, body: unknown, batch: boolean): PublishItem[] {
  const spans = dataSpans(raw, batch ? 2 : 1);
  const bodies = batch ? (body as unknown[]) : [body];
  return bodies.map((item, index) => ({ index, body: item, dataText: spans.get(index) }));
}

/** The raw text of the `data` member of each envelope object at `depth` (1: the body, 2: items of an array). */
function dataSpans(raw: string, depth: 1 | 2): Map<number, string> {
  const spans = new Map<number, string>();
  let level = 0;
  let envelope = -1;
  let pending = false;
  let start = -1;
  const begin = (offset: number) => {
    if (level === depth - 1) envelope++;
    if (pending && level === depth) [start, pending] = [offset, false];
    level++;
  };
  const end = (offset: number, length: number) => {
    level--;
    if (start >= 0 && level === depth) {
      spans.set(envelope, raw.slice(start, offset + length));
      start = -1;
    }
  };
  visit(
    raw,
    {
      onObjectBegin: begin,
      onArrayBegin: begin,
      onObjectEnd: end,
      onArrayEnd: end,
      onObjectProperty: (name) => {
        if (level === depth) pending = name === 'data';
      },
      onLiteralValue: (_value, offset, length) => {
        if (pending && level === depth) spans.set(envelope, raw.slice(offset, offset + length));
        pending = false;
      },
    },
    { disallowComments: true },
  );
  return spans;
}

/**
 * What the publish API checks beyond the envelope rules ingest applies: no unknown fields (nor a
 * tenant_id: the tenant is the key's) and the metadata's shape.
 */
export function requestErrors(item: unknown, prefix = ''): FieldError[] {
  const at = (field: string) => `${prefix}${field}`;
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return [
      {
        field: prefix ? prefix.slice(0, -1) : 'body',
        code: 'INVALID_TYPE',
        message: 'An event must be a JSON object.',
      },
    ];
  const record = item as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(record)
    .filter((key) => !FIELDS.has(key) && key !== 'tenant_id')
    .map((key) => ({
      field: at(key.slice(0, 64)),
      code: 'UNKNOWN_FIELD',
      message: `${key.slice(0, 64)} is not a field of an event`,
    }));
  if (record.tenant_id !== undefined)
    errors.push({
      field: at('tenant_id'),
      code: 'UNKNOWN_FIELD',
      message: "The tenant is the API key's: leave tenant_id out.",
    });
  if (record.metadata !== undefined) errors.push(...metadataErrors(record.metadata, at('metadata')));
  return errors;
}

function metadataErrors(metadata: unknown, field: string): FieldError[] {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
    return [{ field, code: 'INVALID_TYPE', message: 'metadata must be an object of strings' }];
  const entries = Object.entries(metadata);
  if (entries.length > METADATA_MAX_ENTRIES)
    return [{ field, code: 'TOO_MANY', message: `metadata holds at most ${METADATA_MAX_ENTRIES} entries` }];
  return entries.flatMap(([key, value]): FieldError[] => {
    const at = `${field}.${key.slice(0, 64)}`;
    if (!METADATA_KEY.test(key) || RESERVED_METADATA.includes(key))
      return [
        {
          field: at,
          code: 'INVALID',
          message: `metadata keys are 1-64 letters, digits, ".", "_" or "-", not ${RESERVED_METADATA.join(', ')}`,
        },
      ];
    if (typeof value !== 'string')
      return [{ field: at, code: 'INVALID_TYPE', message: 'metadata values must be strings' }];
    // Counted in characters (code points), as the document's maxLength counts them.
    if ([...value].length > METADATA_VALUE_MAX_LENGTH)
      return [
        {
          field: at,
          code: 'TOO_LONG',
          message: `metadata values hold at most ${METADATA_VALUE_MAX_LENGTH} characters`,
        },
      ];
    return [];
  });
}
