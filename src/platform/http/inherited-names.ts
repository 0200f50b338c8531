import type { FieldError } from '../errors/app-error.js';

/**
 * Names class-transformer cannot carry: it skips `constructor` and `__proto__`, skips a member named
 * like a method every object inherits (`toString`…), and throws on an object whose `constructor`
 * member is not a function, even one it was only copying. No DTO declares such a field, so where a
 * DTO has fields they are unknown fields.
 */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

export interface ScreenedBody {
  /** The body without those members and without the free-form ones: safe for plainToInstance. */
  clean: Record<string, unknown>;
  /** One UNKNOWN_FIELD per member so named, outside the free-form paths. */
  errors: FieldError[];
}

/**
 * Screens a request body before class-transformer sees it. `freeForm` holds dotted paths of
 * members whose keys are the client's (`metadata`, `event.data`): they are left out of `clean`, for
 * the caller to carry as they are. Recursive: the body parser bounds the depth (json-limits.ts).
 */
export function screenBody(body: Record<string, unknown>, freeForm: ReadonlySet<string> = new Set()): ScreenedBody {
  const errors: FieldError[] = [];
  const copy = (value: unknown, field: string, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => copy(item, `${field}[${i}]`, path));
    if (!isObject(value)) return value;
    const clean: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) {
      const at = field ? `${field}.${name}` : name;
      const memberPath = path ? `${path}.${name}` : name;
      if (INHERITED_NAMES.has(name)) errors.push(unknownField(at));
      else if (!freeForm.has(memberPath)) clean[name] = copy(member, at, memberPath);
    }
    return clean;
  };
  return { clean: copy(body, '', '') as Record<string, unknown>, errors };
}

function unknownField(field: string): FieldError {
  return { field, code: 'UNKNOWN_FIELD', message: `property ${field} should not exist` };
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
