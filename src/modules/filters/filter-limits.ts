/**
 * The bounds every filter is held to, so that no filter can slow ingest: its text, its syntax tree,
 * its nesting and the work one evaluation may do. A filter beyond the first three is refused when
 * it is written (422); one whose evaluation of an event would pass the budget stops there and does
 * not match that event (counted as an error).
 */
export const FILTER_MAX_LENGTH = 2_048;
/** Nodes of the syntax tree, macros (`exists`, `all`, `map`…) expanded. */
export const FILTER_MAX_NODES = 400;
/** Nesting of calls, selections and literals. */
export const FILTER_MAX_DEPTH = 32;
/**
 * Work units one evaluation may spend: each macro charges the size of the list or map it walks
 * times the size of its body, before it walks it, and each call whose work grows with its
 * arguments (string functions, equality, `in`, concatenation, `size`) charges their size, and the
 * size of the string it builds, before it runs. A unit is about a microsecond's work.
 */
export const FILTER_MAX_COST = 10_000;
/**
 * Characters that cost one unit when a call reads or builds a string: string functions, equality,
 * `in` and concatenation charge their arguments' and results' sizes before they run.
 */
export const FILTER_CHARS_PER_UNIT = 256;
/**
 * Characters that cost one unit in the calls that walk a string one code point at a time in
 * JavaScript: `size`, `matches` (RE2 in JavaScript: up to 0.2 µs a character), `trim`, `strings.quote`.
 */
export const FILTER_WALKED_CHARS_PER_UNIT = 8;
/** List and map elements (at every depth) that cost one unit when a call reads them. */
export const FILTER_ELEMENTS_PER_UNIT = 8;
