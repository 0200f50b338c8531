import { Injectable } from '@nestjs/common';
import { validate } from 'class-validator';
import { AppError, type FieldError } from '../../platform/errors/app-error.js';
import { API_RULES, toRequestDto } from '../../platform/http/request-dto.js';
import { toFieldErrors } from '../../platform/http/validation.js';
import { EventCatalog } from '../event-types/event-catalog.js';
import { compileFilter, describeFilterError } from '../filters/filter-compiler.js';
import { FilterError } from '../filters/filter-error.js';
import { orderingErrors } from './ordering-setting.js';
import {
  CreateSubscriptionDto,
  METADATA_KEY_MAX_LENGTH,
  METADATA_MAX_KEYS,
  METADATA_VALUE_MAX_LENGTH,
  NO_NUL,
  SubscriptionFieldsDto,
} from './subscription.dto.js';
import {
  parseEndpointInput,
  SEMANTIC_CODES,
  type CurrentEndpoint,
  type EndpointInput,
} from './endpoint-settings-input.js';
import { UrlChecks, urlSyntaxErrors } from './url-checks.js';

/** A subscription's fields, checked, with its endpoint settings (headers, auth) ready to seal. */
export type Parsed<T> = { dto: T; endpoint: EndpointInput };

/** Members whose keys are the client's; checked by their own rules below, kept exactly as sent. */
const FREE_FORM = ['metadata', 'headers', 'auth', 'ordering'];

/**
 * Validates a subscription as the client wrote it — shape, catalog, metadata limits and the URL
 * policy — and reports every problem at once (422 VALIDATION_ERROR with all details).
 */
@Injectable()
export class SubscriptionInput {
  constructor(
    private readonly catalog: EventCatalog,
    private readonly urls: UrlChecks,
  ) {}

  parseCreate(body: unknown): Promise<Parsed<CreateSubscriptionDto>> {
    return this.parse(CreateSubscriptionDto, body);
  }

  /**
   * `kept`: the subscription's current patterns, which stay valid even when their type was archived
   * since; `current`: its endpoint settings, which a header or auth equal to their view keeps.
   */
  parseFields(
    body: unknown,
    kept: readonly string[] = [],
    current?: CurrentEndpoint,
  ): Promise<Parsed<SubscriptionFieldsDto>> {
    return this.parse(SubscriptionFieldsDto, body, kept, current);
  }

  private async parse<T extends SubscriptionFieldsDto>(
    type: new () => T,
    body: unknown,
    kept: readonly string[] = [],
    current?: CurrentEndpoint,
  ): Promise<Parsed<T>> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw AppError.validation([{ field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' }]);
    }
    const { dto, errors } = toRequestDto(type, body as Record<string, unknown>, FREE_FORM);
    errors.push(...toFieldErrors(await validate(dto, API_RULES)));
    const invalid = new Set(errors.map((e) => e.field.replace(/\[\d+\]$/, '')));
    if (!invalid.has('events') && Array.isArray(dto.events)) errors.push(...this.eventErrors(dto.events, kept));
    if (!invalid.has('metadata') && dto.metadata !== undefined) errors.push(...metadataErrors(dto.metadata));
    const endpoint = parseEndpointInput(dto, current);
    errors.push(...endpoint.errors.filter((e) => !invalid.has(e.field.split('.')[0])));
    const tokenUrl = endpointTokenUrl(endpoint.input, endpoint.errors);
    if (!invalid.has('filter') && typeof dto.filter === 'string') errors.push(...filterErrors(dto.filter));
    if (!invalid.has('ordering')) errors.push(...orderingErrors(dto.ordering));
    // Every host is looked up at once: a resolver's retries (5 s each by default) add up otherwise.
    const hosts = (['url', 'alert_url'] as const).map((field) => {
      const url = dto[field];
      return !invalid.has(field) && typeof url === 'string' ? this.urls.policyErrors(field, url) : [];
    });
    if (tokenUrl) hosts.push(this.urls.policyErrors('auth.token_url', tokenUrl));
    for (const hostErrors of await Promise.all(hosts)) errors.push(...hostErrors);
    if (errors.length) throw AppError.validation(errors);
    return { dto, endpoint: endpoint.input };
  }

  private eventErrors(events: string[], kept: readonly string[]): FieldError[] {
    return events.flatMap((pattern, i) =>
      this.catalog.isValidPattern(pattern) || (kept.includes(pattern) && this.catalog.get(pattern))
        ? []
        : [
            {
              field: `events[${i}]`,
              code: 'UNKNOWN_EVENT_TYPE',
              message: this.catalog.get(pattern)
                ? `"${pattern}" is archived: existing subscriptions keep receiving it, new ones cannot subscribe`
                : `"${pattern.slice(0, 100)}" is not an event type of the catalog (GET /v1/event-types) nor a wildcard such as "order.*" or "*"`,
            },
          ],
    );
  }
}

/** A new OAuth2 credential's token URL, to hold to the address policy like the callback URLs. */
function endpointTokenUrl(input: EndpointInput, errors: FieldError[]): string | undefined {
  const auth = input.auth && 'set' in input.auth ? input.auth.set : undefined;
  if (auth?.type !== 'oauth2_client_credentials' || errors.some((e) => e.field === 'auth.token_url')) return undefined;
  return auth.token_url;
}

/** The filter compiled once here: a syntax or rule error is named with its position (details[].position). */
export function filterErrors(filter: string, field = 'filter'): FieldError[] {
  try {
    compileFilter(filter);
    return [];
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return [{ field, code: 'INVALID_FILTER', message: describeFilterError(error), position: error.position }];
  }
}

function metadataErrors(metadata: Record<string, unknown>): FieldError[] {
  const entries = Object.entries(metadata);
  const errors: FieldError[] = [];
  if (entries.length > METADATA_MAX_KEYS) {
    errors.push({ field: 'metadata', code: 'TOO_MANY', message: `metadata allows at most ${METADATA_MAX_KEYS} keys` });
  }
  for (const [key, value] of entries.slice(0, METADATA_MAX_KEYS + 1)) {
    const field = `metadata.${key.slice(0, METADATA_KEY_MAX_LENGTH)}`;
    if (key.length === 0 || key.length > METADATA_KEY_MAX_LENGTH || !NO_NUL.test(key)) {
      errors.push({ field, code: 'INVALID', message: `metadata keys must be 1-${METADATA_KEY_MAX_LENGTH} characters` });
    }
    if (typeof value !== 'string') {
      errors.push({ field, code: 'INVALID_TYPE', message: 'metadata values must be strings' });
    } else if (!NO_NUL.test(value)) {
      errors.push({ field, code: 'INVALID', message: 'metadata values must not contain U+0000' });
    } else if (value.length > METADATA_VALUE_MAX_LENGTH) {
      errors.push({
        field,
        code: 'TOO_LONG',
        message: `metadata values must be at most ${METADATA_VALUE_MAX_LENGTH} characters`,
      });
    }
  }
  return errors;
}

/**
 * Shape errors of a batch's items (types, bounds, unknown fields), fields named `[i].field`. A batch
 * with any is refused whole (422), as its document schema says; items of the right shape are then
 * created one by one, each with its own result (URL policy, catalog, conflicts).
 */
/**
 * URL syntax and the metadata rules are shape too (the document states them); only host lookups,
 * the challenge, the catalog and conflicts stay per item.
 */
function urlFieldSyntax(item: Record<string, unknown>, index: number): FieldError[] {
  const { metadata } = item;
  const metadataShape =
    metadata && typeof metadata === 'object' && !Array.isArray(metadata)
      ? metadataErrors(metadata as Record<string, unknown>).map((e) => ({ ...e, field: `[${index}].${e.field}` }))
      : [];
  const endpointShape = parseEndpointInput(item)
    .errors.filter((e) => !SEMANTIC_CODES.has(e.code))
    .map((e) => ({ ...e, field: `[${index}].${e.field}` }));
  return [
    ...(['url', 'alert_url'] as const).flatMap((field) =>
      typeof item[field] === 'string' ? urlSyntaxErrors(`[${index}].${field}`, item[field]) : [],
    ),
    ...metadataShape,
    ...endpointShape,
  ];
}

/** `ordering`'s shape (the document states it); whether its key compiles as CEL stays per item, as a filter's does. */
function orderingShape(ordering: unknown, index: number): FieldError[] {
  return orderingErrors(ordering)
    .filter((e) => e.code !== 'INVALID_ORDERING_KEY')
    .map((e) => ({ ...e, field: `[${index}].${e.field}` }));
}

export async function batchShapeErrors(items: unknown[]): Promise<FieldError[]> {
  const perItem = await Promise.all(
    items.map(async (item, i) =>
      item === null || typeof item !== 'object' || Array.isArray(item)
        ? [{ field: `[${i}]`, code: 'INVALID_TYPE', message: 'Each item must be a JSON object.' }]
        : itemShapeErrors(item as Record<string, unknown>, i),
    ),
  );
  return perItem.flat();
}

async function itemShapeErrors(item: Record<string, unknown>, i: number): Promise<FieldError[]> {
  const { dto, errors } = toRequestDto(CreateSubscriptionDto, item, FREE_FORM);
  return [
    ...errors.map((e) => ({ ...e, field: `[${i}].${e.field}` })),
    ...toFieldErrors(await validate(dto, API_RULES), `[${i}]`),
    ...urlFieldSyntax(item, i),
    ...orderingShape(item.ordering, i),
  ];
}
