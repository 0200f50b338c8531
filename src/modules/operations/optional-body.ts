import type { ClassConstructor } from 'class-transformer';
import { AppError } from '../../platform/errors/app-error.js';
import { checkedBody } from '../../platform/http/request-dto.js';

/**
 * Validates a body that may be absent altogether (every field optional), with the API pipe's
 * rules: unknown fields refused, all problems reported together.
 */
export async function optionalBody<T extends object>(type: ClassConstructor<T>, body: unknown): Promise<T> {
  const { dto, errors } = await checkedBody(type, body, { optional: true });
  if (errors.length) throw AppError.validation(errors);
  return dto;
}
