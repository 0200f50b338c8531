import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError, type FieldError } from '../errors/app-error.js';

const DETAIL_CODE: Record<string, string> = {
  whitelistValidation: 'UNKNOWN_FIELD',
  isDefined: 'REQUIRED',
  isNotEmpty: 'REQUIRED',
  isString: 'INVALID_TYPE',
  isInt: 'INVALID_TYPE',
  isBoolean: 'INVALID_TYPE',
  isArray: 'INVALID_TYPE',
  isObject: 'INVALID_TYPE',
  nestedValidation: 'INVALID_TYPE',
  maxLength: 'TOO_LONG',
  arrayMaxSize: 'TOO_MANY',
  minLength: 'TOO_SHORT',
  arrayMinSize: 'TOO_FEW',
  arrayNotEmpty: 'TOO_FEW',
  arrayUnique: 'DUPLICATE',
  min: 'OUT_OF_RANGE',
  max: 'OUT_OF_RANGE',
  isIn: 'INVALID_VALUE',
};

/** class-validator's error tree as flat field details: `events[2]`, `metadata.team`, `body`. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const name = error.property;
    const field =
      name === undefined || name === ''
        ? parent || 'body'
        : /^\d+$/.test(name)
          ? `${parent}[${name}]`
          : parent
            ? `${parent}.${name}`
            : name;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      code: DETAIL_CODE[constraint] ?? (constraint.startsWith('unknownValue') ? 'INVALID_TYPE' : 'INVALID'),
      message: name ? message : 'The body must be a JSON object.',
    }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/**
 * The API's validation: unknown fields refused, no implicit type coercion of bodies, and every
 * failure reported at once as 422 VALIDATION_ERROR. Applied per controller (not globally) so the
 * Kafka transport's payloads are untouched.
 */
export const apiValidationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  validateCustomDecorators: false,
  stopAtFirstError: false,
  exceptionFactory: (errors) => AppError.validation(toFieldErrors(errors)),
});
