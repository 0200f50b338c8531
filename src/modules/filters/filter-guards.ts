import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { EVENT_VARIABLE } from './filter-ast.js';
import type { FilterEvent } from './filter-input.js';

type Scalar = string | number | boolean | null;

/** `event.<path> == literal` or `event.<path> in [literals]`, one conjunct of the filter's top-level `&&`. */
export interface Guard {
  path: readonly string[];
  allowed: readonly Scalar[];
  /** The one kind its literals share ('null', 'string', 'number', 'boolean'), or undefined when they mix. */
  kind?: string;
}

const kindOf = (value: Scalar) => (value === null ? 'null' : typeof value);

function guard(path: string[], allowed: Scalar[]): Guard {
  const kinds = new Set(allowed.map(kindOf));
  return { path, allowed, kind: kinds.size === 1 ? [...kinds][0] : undefined };
}

/**
 * The guards of a filter: the conjuncts of its top-level `&&` that compare a field of the event
 * with literals. When the event's value at the path is a scalar none of them equals, that conjunct
 * is false, so the whole filter is false whatever the others give (CEL's `&&`: false absorbs even
 * an error): the filter need not run. Any other case (the field missing, not a scalar, a type the
 * literals do not share) is left to the evaluator. So a guard decides exactly what the evaluation
 * would, and most filters of a subscription set keyed by a field's value cost a property read.
 */
export function guardsOf(expr: Expr): Guard[] {
  const kind = expr.exprKind;
  if (kind.case !== 'callExpr') return [];
  const { function: name, args } = kind.value;
  if (name === '_&&_') return args.flatMap(guardsOf);
  if (name === '_==_' && args.length === 2) {
    const [a, b] = args;
    const guard = comparison(a, b) ?? comparison(b, a);
    return guard ? [guard] : [];
  }
  if (name === '@in' && args.length === 2) {
    const path = pathOf(args[0]);
    const list = args[1].exprKind;
    if (!path || list.case !== 'listExpr' || list.value.optionalIndices.length > 0) return [];
    const allowed = list.value.elements.map(literalOf);
    return allowed.every((v) => v !== undefined) ? [guard(path, allowed as Scalar[])] : [];
  }
  return [];
}

/** False when a guard proves the filter false for this event; true when the evaluator must decide. */
export function mayMatch(guards: readonly Guard[], event: FilterEvent): boolean {
  for (const { path, allowed, kind } of guards) {
    const value = valueAt(event, path);
    // A value of another kind than the literals (CEL's equality says false, but the evaluator is
    // left to say so), or not a scalar at all.
    if (kind === undefined || !isScalar(value) || kindOf(value) !== kind) continue;
    if (!allowed.includes(value)) return false;
  }
  return true;
}

function comparison(path: Expr, literal: Expr): Guard | undefined {
  const fields = pathOf(path);
  const value = literalOf(literal);
  return fields && value !== undefined ? guard(fields, [value]) : undefined;
}

/** `event.a.b` as ['a', 'b']; undefined for anything else. */
function pathOf(expr: Expr): string[] | undefined {
  const fields: string[] = [];
  let node = expr;
  while (node.exprKind.case === 'selectExpr' && !node.exprKind.value.testOnly && node.exprKind.value.operand) {
    fields.unshift(node.exprKind.value.field);
    node = node.exprKind.value.operand;
  }
  const root = node.exprKind;
  return root.case === 'identExpr' && root.value.name === EVENT_VARIABLE && fields.length > 0 ? fields : undefined;
}

/** A string, number (int, uint or double: one number for equality), bool or null literal. */
function literalOf(expr: Expr): Scalar | undefined {
  if (expr.exprKind.case !== 'constExpr') return undefined;
  const constant = expr.exprKind.value.constantKind;
  switch (constant.case) {
    case 'stringValue':
    case 'boolValue':
    case 'doubleValue':
      return constant.value;
    case 'int64Value':
    case 'uint64Value':
      // Beyond 2^53 a double would compare inexactly: leave such a literal to the evaluator.
      return Number.isSafeInteger(Number(constant.value)) ? Number(constant.value) : undefined;
    case 'nullValue':
      return null;
    default:
      return undefined;
  }
}

function valueAt(event: FilterEvent, path: readonly string[]): unknown {
  let value: unknown = event;
  for (const field of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, field))
      return undefined;
    value = (value as Record<string, unknown>)[field];
  }
  return value;
}

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number';
