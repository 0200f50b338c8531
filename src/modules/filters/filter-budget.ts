import { celFunc, celMethod, CelScalar, isCelList, isCelMap, listType, type CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { CHARGE_FUNCTION, MEASURE_FUNCTION, MEASURE_TEXT_FUNCTION } from './filter-ast.js';
import {
  FILTER_CHARS_PER_UNIT,
  FILTER_ELEMENTS_PER_UNIT,
  FILTER_MAX_COST,
  FILTER_WALKED_CHARS_PER_UNIT,
} from './filter-limits.js';

const COST_EXCEEDED = `the evaluation exceeds its cost limit (${FILTER_MAX_COST} units)`;

/** What the current evaluation may still spend; evaluations are synchronous, so one counter serves all. */
let budget = 0;

/** Starts an evaluation with the whole budget. */
export function startEvaluation(): void {
  budget = FILTER_MAX_COST;
}

function spend(units: number): void {
  budget -= units;
  if (budget < 0) throw new Error(COST_EXCEEDED);
}

const charsCost = (length: number) => Math.floor(length / FILTER_CHARS_PER_UNIT);

/**
 * The cost of reading a value once: its characters and its elements at every depth (map keys
 * included). The walk stops as soon as the value would cost more than `limit`, so measuring a huge
 * value costs no more than the budget it is refused for.
 */
export function sizeUnits(value: unknown, limit: number): number {
  if (typeof value === 'string') return charsCost(value.length);
  if (!isCelList(value) && !isCelMap(value)) return 0;
  let chars = 0;
  let elements = 0;
  const pending: unknown[] = [value];
  const units = () => charsCost(chars) + Math.floor(elements / FILTER_ELEMENTS_PER_UNIT);
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') chars += next.length;
    else if (isCelList(next) || isCelMap(next)) {
      elements += next.size;
      // Checked before the walk goes into the elements, so a huge list is refused at once.
      if (units() > limit) return units();
      for (const item of next.values()) pending.push(item);
      if (isCelMap(next)) for (const key of next.keys()) if (typeof key === 'string') chars += key.length;
    }
    if (units() > limit) return units();
  }
  return units();
}

/** `@hookline.charge(range, weight)`: a comprehension's turns, charged before the first. */
const charge = celFunc(CHARGE_FUNCTION, [CelScalar.DYN, CelScalar.INT], CelScalar.DYN, (range, weight) => {
  const size = isCelList(range) || isCelMap(range) ? range.size : 1;
  spend(Math.max(1, size) * Number(weight));
  return range;
});

/** `@hookline.measure(value)`: an argument's size, charged before the call that reads it. */
const measure = celFunc(MEASURE_FUNCTION, [CelScalar.DYN], CelScalar.DYN, (value) => {
  spend(sizeUnits(value, budget));
  return value;
});

/** `@hookline.measureText(value)`: a string walked one code point at a time (`size`, `matches`). */
const measureText = celFunc(MEASURE_TEXT_FUNCTION, [CelScalar.DYN], CelScalar.DYN, (value) => {
  if (typeof value === 'string') spend(Math.floor(value.length / FILTER_WALKED_CHARS_PER_UNIT));
  return value;
});

/** Charges a result's length before it is built. */
function charsToBuild(length: number): void {
  spend(charsCost(length));
}

/** `replace` in linear time; the library's rebuilds the string once per occurrence. */
function replace(this: string, old: string, replacement: string, limit?: bigint): string {
  // As in cel-go, a negative limit replaces every occurrence.
  const most = limit === undefined || limit < 0n ? Infinity : Number(limit);
  if (most === 0) return this;
  const parts = old === '' ? splitEmpty(this) : this.split(old);
  const occurrences = Math.min(parts.length - 1, most);
  charsToBuild(this.length + occurrences * (replacement.length - old.length));
  if (occurrences === parts.length - 1) return parts.join(replacement);
  return parts.slice(0, occurrences + 1).join(replacement) + old + parts.slice(occurrences + 1).join(old);
}

/** As in cel-go, `replace('', x)` puts x before each code point and at the end. */
const splitEmpty = (text: string): string[] => ['', ...Array.from(text), ''];

function join(this: Iterable<unknown> & { size: number }, separator = ''): string {
  const items: string[] = [];
  let length = separator.length * Math.max(0, this.size - 1);
  for (const item of this) {
    if (typeof item !== 'string') throw new Error('invalid argument to function join: list contains non-string value');
    items.push(item);
    length += item.length;
  }
  charsToBuild(length);
  return items.join(separator);
}

/** Only ASCII letters change case in CEL; `toLowerCase` would change others too. */
const NOT_ASCII = /[^\p{ASCII}]/u;

const lowerAscii = function (this: string) {
  charsToBuild(this.length);
  if (!NOT_ASCII.test(this)) return this.toLowerCase();
  return this.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
};
const upperAscii = function (this: string) {
  charsToBuild(this.length);
  if (!NOT_ASCII.test(this)) return this.toUpperCase();
  return this.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
};

const { STRING, INT, DYN } = CelScalar;
const LIST = listType(DYN);
const REPLACED = new Set(['replace', 'join', 'lowerAscii', 'upperAscii']);

/**
 * The strings extension with the functions that build strings bounded: each charges the length of
 * its result before building it, and `replace` runs in linear time.
 */
export const BUDGETED_FUNCTIONS: CelFunc[] = [
  ...strings.filter((func) => !REPLACED.has(func.name)),
  celMethod('replace', STRING, [STRING, STRING], STRING, replace),
  celMethod('replace', STRING, [STRING, STRING, INT], STRING, replace),
  celMethod('join', LIST, [], STRING, join),
  celMethod('join', LIST, [STRING], STRING, join),
  celMethod('lowerAscii', STRING, [], STRING, lowerAscii),
  celMethod('upperAscii', STRING, [], STRING, upperAscii),
  charge,
  measure,
  measureText,
];
