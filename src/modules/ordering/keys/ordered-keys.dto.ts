import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { CursorPageQuery } from '../../../platform/http/cursor-page.query.js';
import { Pagination } from '../../../platform/http/pagination.js';
import { Optional } from '../../../platform/http/validation.js';
import { NO_NUL } from '../../subscriptions/subscription.dto.js';
import { KEY_MAX_LENGTH } from '../ordering-key.js';

/** What a key is doing, from its row: see OrderedKeyResource.state. */
export const KEY_STATES = ['idle', 'due', 'sending', 'retrying', 'blocked'] as const;
export type KeyState = (typeof KEY_STATES)[number];

/** Stored keys are at most KEY_MAX_LENGTH characters, or sha256:<64 hex> (71). */
const KEY_FIELD_MAX = Math.max(KEY_MAX_LENGTH, 71);

export class OrderedKeysQuery extends CursorPageQuery {
  @ApiPropertyOptional({
    enum: ['all', 'blocked'],
    default: 'all',
    description: 'blocked: only the keys that wait for an operator',
  })
  @Optional()
  @IsIn(['all', 'blocked'])
  state?: 'all' | 'blocked';
}

export class OrderedKeyActionDto {
  @ApiProperty({
    maxLength: KEY_FIELD_MAX,
    pattern: NO_NUL.source,
    example: 'acct_42',
    description: 'The key, as the list of keys shows it ("" for a subscription-wide order)',
  })
  @IsString()
  @MaxLength(KEY_FIELD_MAX)
  @Matches(NO_NUL, { message: 'key must not contain U+0000' })
  key: string;

  @ApiPropertyOptional({
    maxLength: 255,
    description: "The head's event id you saw: refused (409 ORDERED_KEY_HEAD_MOVED) when the head is another by now",
  })
  @Optional()
  @IsString()
  @MaxLength(255)
  event_id?: string;
}

class AttemptSummaryDto {
  @ApiProperty({ type: 'integer', description: 'Attempt number' }) n: number;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ description: 'The outcome (as in the delivery log), circuit_open or disabled when not attempted' })
  outcome: string;
  @ApiPropertyOptional({ type: 'integer' }) status?: number;
}

export class OrderedKeyHead {
  @ApiProperty() event_id: string;
  @ApiProperty() event_type: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: "The event's sequence in its key" }) sequence: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Attempts made since it became the head (or was redriven)' })
  attempts: number;
  @ApiProperty({ type: [AttemptSummaryDto], description: 'Its latest attempts, oldest first' })
  last_attempts: AttemptSummaryDto[];
}

export class OrderedKeyResource {
  @ApiProperty({ description: 'The key value ("" for a subscription-wide order, and for events whose key failed)' })
  key: string;
  @ApiProperty({
    enum: KEY_STATES,
    description:
      'idle: nothing to send; due: its next event waits for a request slot; sending: an instance is sending it; ' +
      'retrying: it waits for its next attempt; blocked: its retries ran out (on_exhausted "block")',
  })
  state: KeyState;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Events of the key in order and not yet delivered, the head included',
  })
  pending: number;
  @ApiProperty({ type: OrderedKeyHead, nullable: true, description: 'The next event to deliver; null when idle' })
  head: OrderedKeyHead | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When retrying: the next attempt' })
  next_attempt_at: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) blocked_at: string | null;
  @ApiProperty({ format: 'date-time', description: 'The last change of the key' }) updated_at: string;
}

export class OrderedKeyPage {
  @ApiProperty({ type: [OrderedKeyResource] }) data: OrderedKeyResource[];
  @ApiProperty() pagination: Pagination;
}
