import { AppError, type FieldError } from '../../platform/errors/app-error.js';
import { EVENT_TYPE_MAX_LENGTH, isEventTypeName } from './event-type-name.js';
import { compileSchema, type DataCheck } from './schema-compiler.js';

export const DESCRIPTION_MAX_LENGTH = 1000;
export const EXAMPLES_MAX = 10;
const CREATE_FIELDS = ['type', 'description', 'schema', 'examples'];
const PATCH_FIELDS = ['description', 'schema', 'examples'];

export interface EventTypeFields {
  type: string;
  description: string;
  schema: Record<string, unknown>;
  examples: unknown[];
}

/** Checks a body's fields (all of them, every problem reported) and compiles its schema once. */
function checkFields(body: Record<string, unknown>, allowed: string[]): FieldError[] {
  const errors: FieldError[] = Object.keys(body)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ field: k.slice(0, 100), code: 'UNKNOWN_FIELD', message: `${k.slice(0, 100)} is not a field` }));
  if ('type' in body && allowed.includes('type')) {
    if (typeof body.type !== 'string' || !isEventTypeName(body.type)) {
      errors.push({
        field: 'type',
        code: 'INVALID_NAME',
        message: `type must be a dotted lower-case name such as "invoice.paid" (segments of a-z, 0-9, "_", "-"; at most ${EVENT_TYPE_MAX_LENGTH} characters)`,
      });
    }
  }
  if (body.description !== undefined && body.description !== null && typeof body.description !== 'string') {
    errors.push({ field: 'description', code: 'INVALID_TYPE', message: 'description must be a string' });
  } else if (typeof body.description === 'string' && body.description.length > DESCRIPTION_MAX_LENGTH) {
    errors.push({
      field: 'description',
      code: 'TOO_LONG',
      message: `description allows ${DESCRIPTION_MAX_LENGTH} characters`,
    });
  }
  if (
    body.examples !== undefined &&
    body.examples !== null &&
    (!Array.isArray(body.examples) || body.examples.length > EXAMPLES_MAX)
  ) {
    errors.push({
      field: 'examples',
      code: 'INVALID_TYPE',
      message: `examples must be an array of at most ${EXAMPLES_MAX} data objects`,
    });
  }
  return errors;
}

function exampleErrors(examples: unknown, check: DataCheck | undefined): FieldError[] {
  if (!check || !Array.isArray(examples) || examples.length > EXAMPLES_MAX) return [];
  return examples.flatMap((example, i) => {
    const problems = check(example);
    return problems.length
      ? [
          {
            field: `examples[${i}]`,
            code: 'INVALID_EXAMPLE',
            message: `does not match the schema: ${problems.slice(0, 3).join('; ')}`,
          },
        ]
      : [];
  });
}

function asObject(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw AppError.validation([{ field: 'body', code: 'INVALID_TYPE', message: `${what} must be a JSON object.` }]);
  }
  return body as Record<string, unknown>;
}

/** POST /v1/event-types: `{type, description, schema, examples?}`; 422 with every problem. */
export function parseCreate(raw: unknown): EventTypeFields {
  const body = asObject(raw, 'The body');
  const errors = checkFields(body, CREATE_FIELDS);
  if (body.type === undefined) errors.push({ field: 'type', code: 'REQUIRED', message: 'type is required' });
  if (body.description === undefined || body.description === null) {
    errors.push({ field: 'description', code: 'REQUIRED', message: 'description is required' });
  }
  if (body.schema === undefined) errors.push({ field: 'schema', code: 'REQUIRED', message: 'schema is required' });
  const compiled = body.schema === undefined ? undefined : compileSchema('json-schema', body.schema);
  errors.push(...(compiled?.problems ?? []), ...exampleErrors(body.examples, compiled?.check));
  if (errors.length) throw AppError.validation(errors);
  return {
    type: body.type as string,
    description: body.description as string,
    schema: body.schema as Record<string, unknown>,
    examples: (body.examples as unknown[] | undefined) ?? [],
  };
}

/**
 * A merge patch (RFC 7396) over description, schema and examples, applied to the current values;
 * examples are checked against the resulting schema.
 */
export function parsePatch(raw: unknown, current: Omit<EventTypeFields, 'type'>): Omit<EventTypeFields, 'type'> {
  const body = asObject(raw, 'A merge patch');
  const errors = checkFields(body, PATCH_FIELDS);
  if ('schema' in body && body.schema === null) {
    errors.push({ field: 'schema', code: 'REQUIRED', message: 'schema cannot be removed' });
  }
  const schema = body.schema ?? current.schema;
  const examples = body.examples === null ? [] : (body.examples ?? current.examples);
  const compiled = body.schema ? compileSchema('json-schema', schema) : undefined;
  errors.push(...(compiled?.problems ?? []));
  if (!compiled || compiled.check) {
    errors.push(...exampleErrors(examples, (compiled ?? compileSchema('json-schema', schema)).check));
  }
  if (errors.length) throw AppError.validation(errors);
  return {
    description: body.description === null ? '' : ((body.description as string | undefined) ?? current.description),
    schema: schema as Record<string, unknown>,
    examples: examples as unknown[],
  };
}
