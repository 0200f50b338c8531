import { celList, celMap, type CelInput } from '@bufbuild/cel';
import { isLosslessNumber } from 'lossless-json';

/** What a filter sees of an event: `event.id`, `.type`, `.created_at`, `.data` and `.metadata`. */
export interface FilterEvent {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
  /** The record's headers (Kafka) or the request's metadata (HTTP), as strings. */
  metadata: Readonly<Record<string, string>>;
}

/**
 * One event as every filter it meets reads it: the event itself (for the guards) and, built on
 * first need and then shared, the evaluator's variables.
 */
export class FilterInput {
  private converted?: Record<string, CelInput>;

  constructor(readonly event: FilterEvent) {}

  get bindings(): Record<string, CelInput> {
    return (this.converted ??= { event: toCelEvent(this.event) });
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Converts the event once into the evaluator's values (maps, lists), so that each filter only reads
 * it. JSON numbers are doubles, as in CEL's JSON mapping (google.protobuf.Value); integers beyond
 * 2^53, which ingest keeps exactly, are ints when they fit 64 bits, so they compare exactly.
 */
export const filterInput = (event: FilterEvent) => new FilterInput(event);

function toCelEvent(event: FilterEvent): CelInput {
  return celMap(
    new Map<string, CelInput>([
      ['id', event.id],
      ['type', event.type],
      ['created_at', event.created_at],
      ['data', toCel(event.data)],
      ['metadata', celMap(new Map(Object.entries(event.metadata)))],
    ]),
  );
}

function toCel(value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return value;
    case 'bigint':
      return exactInteger(value);
    case 'object':
      if (isLosslessNumber(value))
        return /^-?\d+$/.test(value.value) ? exactInteger(BigInt(value.value)) : Number(value.value);
      if (Array.isArray(value)) return celList(value.map(toCel));
      return celMap(new Map(Object.entries(value).map(([k, v]) => [k, toCel(v)])));
    default:
      return null;
  }
}

const exactInteger = (value: bigint): CelInput => (value >= INT64_MIN && value <= INT64_MAX ? value : Number(value));
