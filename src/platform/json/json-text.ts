import { isLosslessNumber } from 'lossless-json';

/**
 * Reading JSON text without re-writing it. An event's `data` is delivered as the very characters
 * its producer wrote (numbers, escapes, whitespace and key order included), so the text of one
 * member is cut out of the document rather than parsed and serialised again.
 *
 * Every function here expects text that JSON.parse accepted: they find boundaries, they do not
 * validate.
 */

/** Structural characters a scan jumps between: string quotes and the brackets of containers. */
const STRUCTURAL = /["[\]{}]/g;
const WHITESPACE = /[ \t\n\r]*/y;
/** The end of a number or literal (true, false, null): the next delimiter or whitespace. */
const SCALAR_END = /[,}\]\s]/g;

function skipWhitespace(text: string, at: number): number {
  WHITESPACE.lastIndex = at;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

/** The index after the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let from = start + 1; ;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw new SyntaxError('unterminated string');
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The index after the object or array that opens at `start`. */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  STRUCTURAL.lastIndex = start;
  for (let match = STRUCTURAL.exec(text); match; match = STRUCTURAL.exec(text)) {
    const at = match.index;
    const char = text.charCodeAt(at);
    if (char === 0x22) STRUCTURAL.lastIndex = stringEnd(text, at);
    else if (char === 0x7b || char === 0x5b) depth++;
    else if (--depth === 0) return at + 1;
  }
  throw new SyntaxError('unterminated container');
}

/** The index after the value that starts at `start` (no leading whitespace). */
function valueEnd(text: string, start: number): number {
  const char = text.charCodeAt(start);
  if (char === 0x22) return stringEnd(text, start);
  if (char === 0x7b || char === 0x5b) return containerEnd(text, start);
  SCALAR_END.lastIndex = start;
  return SCALAR_END.exec(text)?.index ?? text.length;
}

/**
 * The text of the member `key` of the object `text` holds, exactly as written; undefined when the
 * text is not an object or has no such member. A key written twice counts as JSON.parse counts it:
 * the last one wins. Keys are compared decoded, so `"d\u0061ta"` is `data`.
 */
export function memberText(text: string, key: string): string | undefined {
  let at = skipWhitespace(text, 0);
  if (text.charCodeAt(at) !== 0x7b) return undefined;
  at = skipWhitespace(text, at + 1);
  let found: string | undefined;
  while (text.charCodeAt(at) === 0x22) {
    const nameEnd = stringEnd(text, at);
    const name = text.slice(at, nameEnd);
    const valueStart = skipWhitespace(text, skipWhitespace(text, nameEnd) + 1); // past the colon
    const end = valueEnd(text, valueStart);
    if ((name.includes('\\') ? (JSON.parse(name) as string) : name.slice(1, -1)) === key)
      found = text.slice(valueStart, end);
    at = skipWhitespace(text, end);
    if (text.charCodeAt(at) !== 0x2c) break;
    at = skipWhitespace(text, at + 1);
  }
  return found;
}

/** A number token (or a literal) where a value starts: what is not a string, bracket, separator or space. */
const VALUE_TOKEN = /"|-?\d[\d.eE+-]*/g;
const INTEGER = /^-?\d+$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The text with every integer beyond ±(2^53 - 1) written as a string ("9007199254740993"), and
 * every other character as it was: spaces, escapes, key order and repeated keys included.
 */
export function unsafeIntegersAsStrings(text: string): string {
  let out = '';
  let copied = 0;
  VALUE_TOKEN.lastIndex = 0;
  for (let match = VALUE_TOKEN.exec(text); match; match = VALUE_TOKEN.exec(text)) {
    if (match[0] === '"') {
      VALUE_TOKEN.lastIndex = stringEnd(text, match.index);
      continue;
    }
    const token = match[0];
    if (!INTEGER.test(token) || (token.replace('-', '').length < 16 && Number.isSafeInteger(Number(token)))) continue;
    const magnitude = BigInt(token.replace('-', ''));
    if (magnitude <= MAX_SAFE) continue;
    out += `${text.slice(copied, match.index)}"${token}"`;
    copied = match.index + token.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Whether a parsed JSON value nests deeper than `max` levels (an object or array is one level, its
 * members one more). Iterative: a hostile document cannot exhaust the stack here, as the recursive
 * writers (JSON.stringify) and validators that run after this check could.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  // Containers only, with their depth beside them: no allocation per scalar of a large document.
  const containers: object[] = [];
  const depths: number[] = [];
  const visit = (item: unknown, depth: number) => {
    if (typeof item === 'object' && item !== null && !isLosslessNumber(item)) {
      containers.push(item);
      depths.push(depth);
    }
  };
  visit(value, 1);
  while (containers.length > 0) {
    const item = containers.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    if (Array.isArray(item)) for (const child of item) visit(child, depth + 1);
    else for (const key of Object.keys(item)) visit((item as Record<string, unknown>)[key], depth + 1);
  }
  return false;
}
