import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, type ValidationArguments } from 'class-validator';
import { Optional } from './validation.js';

/**
 * Query strings arrive as text; an integer parameter is converted only when it is all digits. Digits
 * beyond a safe integer become the largest safe one (with their sign): still an integer, so the
 * answer says it is out of range rather than not an integer.
 */
export const queryInt = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Math.sign(n) * Number.MAX_SAFE_INTEGER;
};

/** An integer query parameter from `min` to `max`; whatever is wrong with a value, the message names the range. */
export const QueryInt = (min: number, max: number) => {
  const message = (args: ValidationArguments) => `${args.property} must be an integer from ${min} to ${max}`;
  return applyDecorators(Transform(queryInt), IsInt({ message }), Min(min, { message }), Max(max, { message }));
};

/** Cursor pagination shared by every collection: `limit` and the opaque `after` cursor. */
export class CursorPageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @Optional()
  @QueryInt(1, 100)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: next_cursor of the previous page' })
  @Optional()
  @IsString()
  @MaxLength(512)
  after?: string;
}
