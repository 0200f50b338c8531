import { celEnv, isCelError, isCelList, isCelMap, parse, plan, type CelError, type CelValue } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';
import type { Expr, SourceInfo } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { prepareTree, TreeProblem } from './filter-ast.js';
import { BUDGETED_FUNCTIONS, startEvaluation } from './filter-budget.js';
import { describeAt, FilterError, positionAt, type FilterPosition } from './filter-error.js';
import { guardsOf, mayMatch } from './filter-guards.js';
import type { FilterInput } from './filter-input.js';
import { FILTER_MAX_LENGTH } from './filter-limits.js';

/** One evaluation: whether the event matches, and why not when the filter failed on it. */
export interface FilterOutcome {
  matches: boolean;
  error?: { message: string; position?: FilterPosition };
}

/** A filter compiled once (per subscription version) and evaluated per event. */
export interface CompiledFilter {
  readonly source: string;
  evaluate(input: FilterInput): FilterOutcome;
}

const MATCH: FilterOutcome = { matches: true };
const NO_MATCH: FilterOutcome = { matches: false };

/** Patterns are literals of stored filters: compiled once each (the default engine compiles per call). */
const patterns = new Map<string, RE2JS>();
const PATTERN_CACHE_SIZE = 10_000;
const re2 = {
  compile(pattern: string) {
    let compiled = patterns.get(pattern);
    if (!compiled) {
      if (patterns.size >= PATTERN_CACHE_SIZE) patterns.clear();
      compiled = RE2JS.compile(pattern);
      patterns.set(pattern, compiled);
    }
    return { test: (text: string) => compiled.test(text) };
  },
};

const env = celEnv({ funcs: BUDGETED_FUNCTIONS, re2 });

/** What one run of a compiled expression gave: a value, or the error it stopped on. */
export type ExpressionOutcome = { value: CelValue } | { error: { message: string; position?: FilterPosition } };

/**
 * An expression over the event compiled once (per subscription version) and run per event, held to
 * the filters' bounds (filter-limits.ts): a filter, or an ordering key expression.
 */
export interface CompiledExpression {
  readonly source: string;
  evaluate(input: FilterInput): ExpressionOutcome;
}

/**
 * Compiles a CEL filter (the standard library and the strings extension) over the variable
 * `event`; throws FilterError with the position at fault. See filter-limits.ts for the bounds.
 */
export function compileFilter(source: string): CompiledFilter {
  let guards: ReturnType<typeof guardsOf> = [];
  // Read before the tree is rewritten for evaluation.
  const compiled = compileCel(source, 'filter', (expr) => (guards = guardsOf(expr)));
  return {
    source,
    evaluate(input: FilterInput): FilterOutcome {
      if (!mayMatch(guards, input.event)) return NO_MATCH;
      const outcome = compiled.evaluate(input);
      if ('error' in outcome) return { matches: false, error: outcome.error };
      if (outcome.value === true) return MATCH;
      if (outcome.value === false) return NO_MATCH;
      return { matches: false, error: { message: `the filter gave a ${typeName(outcome.value)}, not a bool` } };
    },
  };
}

/**
 * Compiles a CEL expression over `event` whose value the caller reads (an ordering key), with the
 * filters' library and bounds; `noun` names it in messages. Throws FilterError with the position.
 */
export function compileExpression(source: string, noun = 'expression'): CompiledExpression {
  return compileCel(source, noun);
}

/** `readTree` sees the parsed tree before it is rewritten for evaluation. */
function compileCel(source: string, noun: string, readTree?: (expr: Expr) => void): CompiledExpression {
  if (source.length > FILTER_MAX_LENGTH)
    throw new FilterError(
      `the ${noun} is ${source.length} characters long; at most ${FILTER_MAX_LENGTH}`,
      positionAt(source, FILTER_MAX_LENGTH),
    );
  if (source.trim() === '') throw new FilterError(`the ${noun} is empty`, positionAt(source, 0));
  const parsed = parseOrThrow(source, noun);
  const at = positionsOf(source, parsed.sourceInfo);
  readTree?.(parsed.expr);
  let prepared;
  try {
    prepared = prepareTree(parsed.expr, env.funcs, noun);
  } catch (error) {
    if (!(error instanceof TreeProblem)) throw error;
    throw new FilterError(error.message, at(error.exprId));
  }
  let run: ReturnType<typeof plan>;
  try {
    run = plan(env, prepared.expr);
  } catch (error) {
    // The planner refuses a few shapes the parser takes (a malformed comprehension, a bad select).
    throw new FilterError(`cannot evaluate this expression: ${(error as Error).message}`, positionAt(source, 0));
  }
  const positionOf = (error: CelError) =>
    error.exprId === undefined ? undefined : at(prepared.origins.get(error.exprId) ?? error.exprId);
  return {
    source,
    evaluate(input: FilterInput): ExpressionOutcome {
      startEvaluation();
      // CEL errors are values here (a missing field): their stack traces would cost more than the evaluation.
      const stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      let result: CelValue | CelError;
      try {
        result = run(input.bindings);
      } finally {
        Error.stackTraceLimit = stackTraceLimit;
      }
      if (isCelError(result)) return { error: { message: result.message, position: positionOf(result) } };
      return { value: result };
    },
  };
}

function parseOrThrow(source: string, noun: string): ReturnType<typeof parse> {
  try {
    return parse(source);
  } catch (error) {
    if (error instanceof RangeError) throw new FilterError(`the ${noun} nests too deeply`, positionAt(source, 0));
    const location = (error as { location?: { start?: { offset?: number } } }).location;
    const message = String((error as Error).message).replace(/^<input>:\d+:\d+: /, '');
    throw new FilterError(`syntax error: ${message}`, positionAt(source, location?.start?.offset ?? 0));
  }
}

/** The position of a node by its id (the parser records each node's offset). */
function positionsOf(source: string, info: SourceInfo | undefined): (id: bigint) => FilterPosition {
  return (id) => positionAt(source, info?.positions[String(id)] ?? 0);
}

/** The CEL type name of a value, for messages. */
export function typeName(value: CelValue): string {
  if (value === null) return 'null';
  if (isCelList(value)) return 'list';
  if (isCelMap(value)) return 'map';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'bigint') return 'int';
  return typeof value;
}

/** The message of a FilterError with its position, for a field error's text. */
export const describeFilterError = (error: FilterError) => describeAt(error.position, error.message);
