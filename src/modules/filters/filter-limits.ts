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
 * Work units one evaluation may spend in comprehensions: each macro charges the size of the list or
 * map it walks times the size of its body, before it walks it. Everything outside comprehensions
 * runs at most once per node, so the node limit bounds it.
 */
export const FILTER_MAX_COST = 10_000;
