import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
import { AppError, type FieldError } from '../errors/app-error.js';
import { isRealInstant } from '../time/real-instant.js';
import { screenBody } from './inherited-names.js';

/** RFC 3339 date-time (OpenAPI's `format: date-time`): date, time, and a zone (Z or ±hh:mm). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** RFC 3339 and a real instant (see isRealInstant). */
export function isDateTime(value: unknown): boolean {
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  return m !== null && isRealInstant(m, value as string);
}

/** A timestamp as the document's `format: date-time` says: RFC 3339, and a real instant. */
export const IsDateTime = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: isDateTime,
        defaultMessage: (args) => `${args?.property} must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z`,
      },
    },
    options,
  );

/**
 * The field may be left out, but not sent as null (class-validator's IsOptional lets null through,
 * which the document would have to call nullable). Fields that do take null use IsOptional.
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

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
    return [...oneProblemEach(own, name ? error.value : null), ...toFieldErrors(error.children ?? [], field)];
  });
}

/**
 * A field's one detail when the rest would only follow from it: a missing field is REQUIRED, a value
 * of the wrong type INVALID_TYPE (`"events": "order.*"` is not also too short and not unique).
 */
function oneProblemEach(details: FieldError[], value: unknown): FieldError[] {
  if (details.length === 0) return details;
  const { field } = details[0];
  if (value === undefined) return [{ field, code: 'REQUIRED', message: `${field} is required` }];
  const wrongType = details.find((d) => d.code === 'INVALID_TYPE');
  return wrongType ? [wrongType] : details;
}

/**
 * The API's validation: unknown fields refused, no implicit type coercion of bodies, and every
 * failure reported at once as 422 VALIDATION_ERROR. Applied per controller (not globally) so the
 * Kafka transport's payloads are untouched.
 */
class ApiValidationPipe extends ValidationPipe {
  /**
   * An empty query value (`?fields=`) means the parameter is not used, as OpenAPI's
   * allowEmptyValue says and as the large webhook APIs treat it; the document marks every
   * optional query parameter so.
   */
  override transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'query' && value && typeof value === 'object') {
      value = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== ''));
      refuseNul(value as Record<string, unknown>);
    }
    // A DTO's body only: bodies taken as `unknown` (an event's data) keep every name they have.
    if (
      metadata.type === 'body' &&
      this.toValidate(metadata) &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      const { errors } = screenBody(value as Record<string, unknown>);
      if (errors.length > 0) throw AppError.validation(errors);
    }
    return super.transform(value, metadata);
  }
}

/**
 * U+0000 cannot be stored or compared in Postgres text, so no query value may hold it; the document
 * says so with a pattern on every string query parameter (openapi-contract.ts).
 */
function refuseNul(query: Record<string, unknown>): void {
  const details = Object.entries(query)
    .filter(([, v]) => [v].flat().some((x) => typeof x === 'string' && x.includes('\u0000')))
    .map(([field]) => ({ field, code: 'INVALID', message: `${field} must not contain U+0000` }));
  if (details.length > 0) throw AppError.validation(details);
}

export const apiValidationPipe = new ApiValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  validateCustomDecorators: false,
  stopAtFirstError: false,
  exceptionFactory: (errors) => AppError.validation(toFieldErrors(errors)),
});
