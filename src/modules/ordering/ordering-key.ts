import { createHash } from 'node:crypto';
import { isCelUint, type CelValue } from '@bufbuild/cel';
import { Logger } from '@nestjs/common';
import {
  compileExpression,
  describeFilterError,
  typeName,
  type CompiledExpression,
} from '../filters/filter-compiler.js';
import { FilterError } from '../filters/filter-error.js';
import type { FilterInput } from '../filters/filter-input.js';
import { WHOLE_SUBSCRIPTION, type OrderingSetting } from '../subscriptions/ordering-setting.js';

/** Longer key values are kept as their SHA-256 (`sha256:<hex>`): still one key per value, never a huge index entry. */
export const KEY_MAX_LENGTH = 200;
/**
 * The key of every event of a `{"key": "subscription"}` subscription, and of each event whose key
 * expression fails on it (a missing field, a wrong type): those are kept in order among themselves.
 */
export const EMPTY_KEY = '';

/** An event's key for one subscription, and why the expression failed when it did. */
interface KeyOutcome {
  key: string;
  error?: string;
}

interface Held {
  version: number;
  source: string;
  compiled: CompiledExpression | FilterError;
}

/**
 * The ordering keys of events: each subscription's key expression compiled once per version (the
 * filters' compiler and bounds), evaluated per event, its value turned into the stored key text.
 */
export class OrderingKeys {
  private readonly held = new Map<string, Held>();
  private readonly log = new Logger('OrderingKeys');

  /** `input` is built on first need and shared by the event's subscriptions. */
  keyOf(
    subscription: { id: string; version: number; ordering?: OrderingSetting | null },
    input: () => FilterInput,
  ): KeyOutcome {
    const source = subscription.ordering?.key;
    if (!source || source === WHOLE_SUBSCRIPTION) return { key: EMPTY_KEY };
    const compiled = this.compiled(subscription.id, subscription.version, source);
    if (compiled instanceof FilterError) return { key: EMPTY_KEY, error: compiled.message };
    const outcome = compiled.evaluate(input());
    if ('error' in outcome) return { key: EMPTY_KEY, error: outcome.error.message };
    const text = keyText(outcome.value);
    return typeof text === 'string' ? { key: storedKey(text) } : { key: EMPTY_KEY, error: text.error };
  }

  /** The subscription left the table: its compiled expression goes. */
  forget(id: string): void {
    this.held.delete(id);
  }

  private compiled(id: string, version: number, source: string): CompiledExpression | FilterError {
    const held = this.held.get(id);
    if (held && held.version === version && held.source === source) return held.compiled;
    let compiled: CompiledExpression | FilterError;
    try {
      compiled = compileExpression(source, 'key expression');
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      // Written expressions compile; one that no longer does (stricter limits since) keys every event alike.
      this.log.warn(`subscription ${id} v${version}: ${describeFilterError(error)}`);
      compiled = error;
    }
    this.held.set(id, { version, source, compiled });
    return compiled;
  }
}

/** A key's text: strings as they are, numbers in their shortest decimal form, bools as true/false. */
function keyText(value: CelValue): string | { error: string } {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isCelUint(value)) return String(value.value);
  if (value === null) return { error: 'the key is null' };
  return { error: `the key is a ${typeName(value)}, not a string, number or bool` };
}

/**
 * The key as stored: up to KEY_MAX_LENGTH characters as it is; longer ones, and those holding
 * U+0000 (which Postgres text cannot), as their SHA-256.
 */
export function storedKey(text: string): string {
  if (text.length <= KEY_MAX_LENGTH && !text.includes('\u0000')) return text;
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
