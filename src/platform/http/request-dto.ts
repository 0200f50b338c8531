import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';
import type { FieldError } from '../errors/app-error.js';
import { isObject, screenBody } from './inherited-names.js';
import { toFieldErrors } from './validation.js';

/** The API's rules for a body: unknown members refused, no value that is not a declared DTO. */
export const API_RULES = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };

export interface RequestDto<T> {
  dto: T;
  /** Members no request declares (UNKNOWN_FIELD), found where the DTO has fields. */
  errors: FieldError[];
}

/**
 * plainToInstance for a request body, without class-transformer's blind spots: a member named like
 * an inherited one is reported where the DTO has fields (no DTO declares such a field), and the
 * free-form members (`freeForm`: dotted paths such as `metadata` or `event.data`, whose keys are the
 * client's) are not converted at all but kept exactly as parsed.
 */
export function toRequestDto<T extends object>(
  type: ClassConstructor<T>,
  body: Record<string, unknown>,
  freeForm: readonly string[] = [],
): RequestDto<T> {
  const { clean, errors } = screenBody(body, new Set(freeForm));
  const dto = plainToInstance(type, clean);
  for (const path of freeForm) carry(body, dto as Record<string, unknown>, path.split('.'));
  return { dto, errors };
}

export interface BodyRules {
  /** Dotted paths of members whose keys are the client's (see toRequestDto). */
  freeForm?: readonly string[];
  /** The body may be left out: it is then `{}`. */
  optional?: boolean;
}

/**
 * A request body as its DTO, with every problem of its shape: not a JSON object, unknown members,
 * members that break the DTO's rules. The caller adds its own checks and answers 422 with all.
 */
export async function checkedBody<T extends object>(
  type: ClassConstructor<T>,
  body: unknown,
  { freeForm = [], optional = false }: BodyRules = {},
): Promise<RequestDto<T>> {
  const given = body === undefined && optional ? {} : body;
  if (!isObject(given))
    return {
      dto: plainToInstance(type, {}),
      errors: [{ field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' }],
    };
  const { dto, errors } = toRequestDto(type, given, freeForm);
  errors.push(...toFieldErrors(await validate(dto, API_RULES)));
  return { dto, errors };
}

/** Sets the free-form value at `path` of `body` on the DTO, where the DTO has its parent object. */
function carry(body: Record<string, unknown>, dto: Record<string, unknown>, path: string[]): void {
  let source: unknown = body;
  let target: unknown = dto;
  for (const name of path.slice(0, -1)) {
    if (!isObject(source) || !isObject(target)) return;
    source = source[name];
    target = target[name];
  }
  const last = path.at(-1)!;
  if (isObject(source) && isObject(target) && Object.hasOwn(source, last)) target[last] = source[last];
}
