import { Injectable } from '@nestjs/common';
import { AppError, type FieldError } from '../../platform/errors/app-error.js';
import { checkedBody } from '../../platform/http/request-dto.js';
import { patternMatches } from '../event-types/event-catalog.js';
import { compileFilter, describeFilterError, type FilterOutcome } from '../filters/filter-compiler.js';
import { FilterError } from '../filters/filter-error.js';
import { filterInput, type FilterEvent } from '../filters/filter-input.js';
import { FilterTestDto, SubscriptionFilterTestDto, type FilterTestEventDto } from './filter-test.dto.js';
import { SubscriptionsService } from './subscriptions.service.js';

export interface FilterTestResult extends FilterOutcome {
  type_matches?: boolean;
}

/**
 * Evaluates a filter against an event given in the request, exactly as matching would: a filter
 * that does not compile is refused (422, field `filter` with its position); one that fails on this
 * event answers matches false with the error.
 */
@Injectable()
export class FilterTests {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  async test(body: unknown): Promise<FilterTestResult> {
    const dto = await parse(FilterTestDto, body);
    return evaluate(dto.filter, 'filter', toEvent(dto.event));
  }

  /** The subscription's types and filter (or the one sent in its stead) against the event. */
  async testSubscription(tenantId: string, id: string, body: unknown): Promise<FilterTestResult> {
    const dto = await parse(SubscriptionFilterTestDto, body);
    const subscription = await this.subscriptions.get(tenantId, id);
    const event = toEvent(dto.event);
    const typeMatches = subscription.events.some((pattern) => patternMatches(pattern, event.type));
    const filter = dto.filter ?? subscription.filter;
    const outcome = filter ? evaluate(filter, dto.filter ? 'filter' : 'subscription.filter', event) : { matches: true };
    return { ...outcome, matches: typeMatches && outcome.matches, type_matches: typeMatches };
  }
}

async function parse<T extends object>(type: new () => T, body: unknown): Promise<T> {
  const { dto, errors } = await checkedBody(type, body, { freeForm: ['event.data', 'event.metadata'] });
  const metadata = (dto as { event?: FilterTestEventDto }).event?.metadata;
  if (metadata && typeof metadata === 'object') errors.push(...metadataErrors(metadata));
  if (errors.length) throw AppError.validation(errors);
  return dto;
}

function metadataErrors(metadata: Record<string, unknown>): FieldError[] {
  return Object.entries(metadata)
    .filter(([, value]) => typeof value !== 'string')
    .map(([key]) => ({
      field: `event.metadata.${key.slice(0, 64)}`,
      code: 'INVALID_TYPE',
      message: 'metadata values must be strings',
    }));
}

function evaluate(source: string, field: string, event: FilterEvent): FilterOutcome {
  try {
    return compileFilter(source).evaluate(filterInput(event));
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw AppError.validation([
      { field, code: 'INVALID_FILTER', message: describeFilterError(error), position: error.position },
    ]);
  }
}

function toEvent(event: FilterTestEventDto): FilterEvent {
  return {
    id: event.id ?? 'evt_test',
    type: event.type,
    created_at: event.created_at ?? new Date().toISOString(),
    data: event.data,
    metadata: event.metadata ?? {},
  };
}
