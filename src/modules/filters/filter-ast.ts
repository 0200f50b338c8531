import { create } from '@bufbuild/protobuf';
import { RE2JS } from '@bufbuild/re2';
import type { CelEnv } from '@bufbuild/cel';
import { ExprSchema, type Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { FILTER_MAX_DEPTH, FILTER_MAX_NODES } from './filter-limits.js';

/** The variable a filter sees. */
export const EVENT_VARIABLE = 'event';
/** Charges a comprehension's work to the evaluation's budget; no filter can name it (not an identifier). */
export const CHARGE_FUNCTION = '@hookline.charge';
/** Charges the size of a call's argument (a long string, a large list or map) before the call runs. */
export const MEASURE_FUNCTION = '@hookline.measure';
/**
 * Charges a string argument's length at the slow rate of the calls that walk it one code point at a
 * time; a list's or map's size is read without walking it.
 */
export const MEASURE_TEXT_FUNCTION = '@hookline.measureText';
/** Calls that walk strings one code point at a time (`matches` runs RE2 in JavaScript). */
const TEXT_WALKING_CALLS = new Set(['size', 'matches', 'trim', 'strings.quote']);

/** Type names a filter may use as values, as in `type(event.data.x) == string`. */
const TYPE_NAMES = new Set(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type']);
/** Calls the planner handles itself rather than through the function resolver. */
const OPERATORS = new Set(['_&&_', '_||_', '_?_:_', '_[_]', '@not_strictly_false']);
/**
 * Calls whose work does not grow with their arguments' size: logic, indexing, numbers and
 * conversions between them. Every other call (string functions, equality, `in`, concatenation,
 * `size`) has its arguments measured before it runs.
 */
const SIZE_FREE_CALLS = new Set([
  ...OPERATORS,
  '!_',
  '-_',
  '_-_',
  '_*_',
  '_/_',
  '_%_',
  'dyn',
  'type',
  'int',
  'uint',
  'double',
  'bool',
]);

/** A problem found in the tree, at the node with this id. */
export class TreeProblem extends Error {
  constructor(
    message: string,
    readonly exprId: bigint,
  ) {
    super(message);
  }
}

/** What inspection leaves behind: synthetic node ids mapped to the node they stand for (for positions). */
export interface PreparedTree {
  expr: Expr;
  origins: Map<bigint, bigint>;
}

/** The environment's function lookup. */
type Funcs = CelEnv['funcs'];

interface Walk {
  funcs: Funcs;
  /** What the expression is called in messages: "filter", "key expression". */
  noun: string;
  nodes: number;
  nextId: bigint;
  origins: Map<bigint, bigint>;
  /** Comprehensions' accumulators: `map` and `filter` append to them each turn, already charged per turn. */
  accumulators: Set<string>;
}

/**
 * Checks a parsed filter against the rules the evaluator cannot check before it runs (names,
 * functions, regular expressions, size, nesting) and rewrites it for evaluation, keeping its
 * meaning: a name under a selection is read through `dyn()`, so that `event.data.x` is a plain
 * field access rather than a search for a qualified name `event.data.x` (several times faster),
 * and each comprehension charges its work before it walks its range. Throws TreeProblem.
 */
export function prepareTree(expr: Expr, funcs: Funcs, noun = 'filter'): PreparedTree {
  const walk: Walk = { funcs, noun, nodes: 0, nextId: maxId(expr) + 1n, origins: new Map(), accumulators: new Set() };
  return { expr: visit(expr, new Set([EVENT_VARIABLE]), 1, false, walk), origins: walk.origins };
}

function visit(expr: Expr, scope: ReadonlySet<string>, depth: number, underSelect: boolean, walk: Walk): Expr {
  if (++walk.nodes > FILTER_MAX_NODES)
    throw new TreeProblem(`the ${walk.noun} is too large: at most ${FILTER_MAX_NODES} nodes`, expr.id);
  if (depth > FILTER_MAX_DEPTH)
    throw new TreeProblem(`the ${walk.noun} nests too deeply: at most ${FILTER_MAX_DEPTH} levels`, expr.id);
  const next = (e: Expr, inner = scope, select = false) => visit(e, inner, depth + 1, select, walk);
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'constExpr':
      return expr;
    case 'identExpr':
      if (!scope.has(kind.value.name) && !TYPE_NAMES.has(kind.value.name))
        throw new TreeProblem(`unknown name "${kind.value.name}": the ${walk.noun} sees one variable, event`, expr.id);
      return underSelect ? synthetic(walk, expr.id, callOf('dyn', [expr])) : expr;
    case 'selectExpr':
      kind.value.operand = next(required(kind.value.operand, expr), scope, true);
      return expr;
    case 'callExpr':
      checkCall(expr, kind.value.function, kind.value.args, walk.funcs);
      if (kind.value.target) kind.value.target = next(kind.value.target);
      kind.value.args = kind.value.args.map((arg) => next(arg));
      if (!SIZE_FREE_CALLS.has(kind.value.function)) measureArguments(kind.value, walk);
      return expr;
    case 'listExpr':
      if (kind.value.optionalIndices.length > 0)
        throw new TreeProblem('optional list elements are not supported', expr.id);
      kind.value.elements = kind.value.elements.map((e) => next(e));
      return expr;
    case 'structExpr':
      if (kind.value.messageName !== '')
        throw new TreeProblem(
          `messages such as ${kind.value.messageName}{} cannot be built in a ${walk.noun}`,
          expr.id,
        );
      for (const entry of kind.value.entries) {
        if (entry.optionalEntry) throw new TreeProblem('optional map entries are not supported', entry.id);
        if (entry.keyKind.case === 'mapKey') entry.keyKind.value = next(entry.keyKind.value);
        entry.value = next(required(entry.value, expr));
      }
      return expr;
    case 'comprehensionExpr':
      return comprehension(expr, scope, depth, walk);
    default:
      throw new TreeProblem('this kind of expression is not supported', expr.id);
  }
}

function comprehension(expr: Expr, scope: ReadonlySet<string>, depth: number, walk: Walk): Expr {
  const c = (expr.exprKind as Extract<Expr['exprKind'], { case: 'comprehensionExpr' }>).value;
  const inner = new Set([...scope, c.iterVar, c.accuVar, ...(c.iterVar2 ? [c.iterVar2] : [])]);
  const next = (e: Expr | undefined, s: ReadonlySet<string>) => visit(required(e, expr), s, depth + 1, false, walk);
  walk.accumulators.add(c.accuVar);
  const before = walk.nodes;
  c.loopCondition = next(c.loopCondition, inner);
  c.loopStep = next(c.loopStep, inner);
  // Each turn runs the condition and the step: that is the work charged per element.
  const weight = BigInt(walk.nodes - before + 1);
  c.accuInit = next(c.accuInit, scope);
  c.result = next(c.result, inner);
  const range = next(c.iterRange, scope);
  c.iterRange = synthetic(walk, expr.id, callOf(CHARGE_FUNCTION, [range, intConstant(weight)]));
  return expr;
}

/** Wraps each argument whose size is only known when it runs (not a literal) in MEASURE_FUNCTION. */
function measureArguments(call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value'], walk: Walk): void {
  const measured = (arg: Expr) => {
    const kind = arg.exprKind.case;
    if (kind === 'constExpr') return arg;
    if (kind === 'identExpr' && walk.accumulators.has(arg.exprKind.value.name)) return arg;
    const measure = TEXT_WALKING_CALLS.has(call.function) ? MEASURE_TEXT_FUNCTION : MEASURE_FUNCTION;
    return synthetic(walk, arg.id, callOf(measure, [arg]));
  };
  if (call.target) call.target = measured(call.target);
  call.args = call.args.map(measured);
}

function checkCall(expr: Expr, name: string, args: readonly Expr[], funcs: Funcs): void {
  if (!OPERATORS.has(name) && !funcs.find(name)) throw new TreeProblem(`unknown function ${name}()`, expr.id);
  // A pattern from the event could be anything; a written one is compiled (RE2, linear time) once here.
  if (name !== 'matches') return;
  const pattern = args[args.length - 1];
  const literal = pattern?.exprKind.case === 'constExpr' ? pattern.exprKind.value.constantKind : undefined;
  if (literal?.case !== 'stringValue')
    throw new TreeProblem('matches() takes a string literal as its pattern', (pattern ?? expr).id);
  try {
    RE2JS.compile(literal.value);
  } catch (error) {
    throw new TreeProblem(`invalid regular expression: ${(error as Error).message}`, pattern.id);
  }
}

function required(expr: Expr | undefined, parent: Expr): Expr {
  if (!expr) throw new TreeProblem('incomplete expression', parent.id);
  return expr;
}

function callOf(name: string, args: Expr[]): Expr['exprKind'] {
  return { case: 'callExpr', value: { $typeName: 'cel.expr.Expr.Call', function: name, args } };
}

function intConstant(value: bigint): Expr {
  return create(ExprSchema, {
    exprKind: { case: 'constExpr', value: { constantKind: { case: 'int64Value', value } } },
  });
}

/** A new node standing for `origin` (its errors are reported at the origin's position). */
function synthetic(walk: Walk, origin: bigint, exprKind: Expr['exprKind']): Expr {
  const id = walk.nextId++;
  walk.origins.set(id, walk.origins.get(origin) ?? origin);
  return create(ExprSchema, { id, exprKind });
}

function maxId(expr: Expr): bigint {
  let max = expr.id;
  const stack: unknown[] = [expr];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const node = value as { $typeName?: string; id?: bigint };
    if (node.$typeName === 'cel.expr.Expr' && typeof node.id === 'bigint' && node.id > max) max = node.id;
    for (const child of Object.values(value)) if (typeof child === 'object') stack.push(child);
  }
  return max;
}
