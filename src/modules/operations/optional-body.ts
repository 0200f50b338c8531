import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError } from '../../platform/errors/app-error.js';
import { toFieldErrors } from '../../platform/http/validation.js';

/**
 * Validates a body that may be absent altogether (every field optional), with the API pipe's
 * rules: unknown fields refused, all problems reported together.
 */
export async function optionalBody<T extends object>(type: ClassConstructor<T>, body: unknown): Promise<T> {
  const dto = plainToInstance(type, body ?? {});
  const errors =
    body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))
      ? [{ field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' }]
      : toFieldErrors(await validate(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }));
  if (errors.length) throw AppError.validation(errors);
  return dto;
}
