import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from './validation.js';

/** Query strings arrive as text; an integer parameter is converted only when it is all digits. */
export const queryInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : value;

/** Cursor pagination shared by every collection: `limit` and the opaque `after` cursor. */
export class CursorPageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @Optional()
  @Transform(queryInt)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: next_cursor of the previous page' })
  @Optional()
  @IsString()
  @MaxLength(512)
  after?: string;
}
