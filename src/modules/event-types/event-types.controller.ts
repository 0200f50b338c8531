import { Controller, Get, Param, UsePipes } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../platform/errors/app-error.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope } from '../auth/api-key.guard.js';
import { EventCatalog, type EventType } from './event-catalog.js';

class EventTypeResource {
  @ApiProperty({ example: 'order.created' }) type: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema of the event data' })
  schema: Record<string, unknown>;
}

class EventTypePagination {
  @ApiProperty({ type: 'string', nullable: true }) next_cursor: string | null;
  @ApiProperty() has_more: boolean;
}

class EventTypePage {
  @ApiProperty({ type: [EventTypeResource] }) data: EventTypeResource[];
  @ApiProperty() pagination: EventTypePagination;
}

@ApiTags('event-types')
@Controller({ path: 'event-types', version: '1' })
@UsePipes(apiValidationPipe)
export class EventTypesController {
  constructor(private readonly catalog: EventCatalog) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: 'The event catalog: every event type with the JSON Schema of its data' })
  @ApiOkResponse({ type: EventTypePage })
  list(): { data: EventType[]; pagination: EventTypePagination } {
    return { data: this.catalog.list(), pagination: { next_cursor: null, has_more: false } };
  }

  @Get(':type')
  @RequireScope('read')
  @ApiOperation({ summary: 'One event type' })
  @ApiOkResponse({ type: EventTypeResource })
  @ApiNotFoundResponse({ description: 'NOT_FOUND' })
  get(@Param('type') type: string): EventType {
    const found = this.catalog.get(type);
    if (!found) throw AppError.notFound(`Event type "${type.slice(0, 100)}"`);
    return found;
  }
}
