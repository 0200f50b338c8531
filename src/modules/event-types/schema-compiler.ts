import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import avro from 'avsc';
import type { FieldError } from '../../platform/errors/app-error.js';

export type SchemaFormat = 'json-schema' | 'avro';

/** Checks `data` against a compiled schema: the problems found, none when valid. */
export type DataCheck = (data: unknown) => string[];

export type Compiled = { check: DataCheck; problems: [] } | { check?: undefined; problems: FieldError[] };

const MAX_PROBLEMS = 20;

/** Draft-07 and older schemas (common in registries) get Ajv's default draft; the rest 2020-12. */
function ajvFor(schema: Record<string, unknown>): Ajv {
  const draft = typeof schema.$schema === 'string' && /draft-0[4-7]/.test(schema.$schema);
  const options = { allErrors: true, strict: false } as const;
  const ajv = draft ? new Ajv(options) : new Ajv2020(options);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, MAX_PROBLEMS).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);

/**
 * Compiles a JSON Schema with Ajv once (a fresh instance each time, so `$id`s never collide), or an
 * Avro schema with avsc. Every problem with the schema itself is returned as a field detail under `field`.
 */
export function compileSchema(format: SchemaFormat, schema: unknown, field = 'schema'): Compiled {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { problems: [{ field, code: 'INVALID_SCHEMA', message: `${field} must be a JSON object` }] };
  }
  return format === 'avro' ? compileAvro(schema, field) : compileJsonSchema(schema as Record<string, unknown>, field);
}

function compileJsonSchema(schema: Record<string, unknown>, field: string): Compiled {
  const ajv = ajvFor(schema);
  if (!ajv.validateSchema(schema)) {
    const problems = (ajv.errors ?? []).slice(0, MAX_PROBLEMS).map((e) => ({
      field: `${field}${e.instancePath.replaceAll('/', '.')}`,
      code: 'INVALID_SCHEMA',
      message: `${e.instancePath || field} ${e.message ?? 'is invalid'} (JSON Schema 2020-12)`,
    }));
    return { problems };
  }
  try {
    const validate = ajv.compile(schema);
    return { check: (data) => (validate(data) ? [] : describe(validate.errors)), problems: [] };
  } catch (error) {
    const message = String((error as Error).message ?? error).split('\n')[0];
    return { problems: [{ field, code: 'INVALID_SCHEMA', message: message.slice(0, 300) }] };
  }
}

/** Avro: `data` is checked with avsc's isValid, the JSON value as the Avro type would hold it. */
function compileAvro(schema: object, field: string): Compiled {
  try {
    const type = avro.Type.forSchema(schema as avro.Schema);
    const check: DataCheck = (data) => {
      const problems: string[] = [];
      const hook = (path: string[]) => {
        if (problems.length < MAX_PROBLEMS) problems.push(`/${path.join('/')} does not match the Avro schema`);
      };
      return type.isValid(data, { errorHook: hook }) ? [] : problems.length ? problems : ['/ does not match'];
    };
    return { check, problems: [] };
  } catch (error) {
    const message = String((error as Error).message ?? error).split('\n')[0];
    return { problems: [{ field, code: 'INVALID_SCHEMA', message: `invalid Avro schema: ${message.slice(0, 300)}` }] };
  }
}
