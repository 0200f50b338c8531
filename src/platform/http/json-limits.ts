/**
 * What the API accepts of a JSON body beyond the grammar: I-JSON (RFC 7493) strings, a bounded
 * depth, and no `__proto__` member. Each check names the problem for a 400 INVALID_FORMAT.
 */

/**
 * Nesting levels a body may have: as serde_json's default, which Svix's API answers with. Checked
 * on the parsed body (JSON.parse itself does not recurse) before anything walks it recursively.
 */
export const MAX_BODY_DEPTH = 128;

/**
 * The first thing in a parsed body the API refuses, or undefined:
 * - a string or member name with an unpaired surrogate (`"\ud800"`): I-JSON forbids it, and
 *   Postgres could only store it changed;
 * - a member named `__proto__`: merging or copying such an object can replace its prototype
 *   (the default of Fastify's secure-json-parse, for the same reason).
 */
export function refusedContent(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!next.isWellFormed()) return 'a string with an unpaired UTF-16 surrogate';
    } else if (Array.isArray(next)) {
      for (const item of next as unknown[]) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [name, member] of Object.entries(next)) {
        if (name === '__proto__') return 'a member named __proto__';
        if (!name.isWellFormed()) return 'a member name with an unpaired UTF-16 surrogate';
        pending.push(member);
      }
    }
  }
  return undefined;
}
