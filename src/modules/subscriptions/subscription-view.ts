import { AppError } from '../../platform/errors/app-error.js';
import type { EventCatalog } from '../event-types/event-catalog.js';
import { authView, headersView } from './endpoint-settings.js';
import { EXPANSIONS, FIELDS } from './list-query.dto.js';
import type { SubscriptionResource } from './subscription.dto.js';
import type { SignatureScheme, SubscriptionEntity } from './subscription.entity.js';

export interface ViewOptions {
  fields?: string[];
  expand?: string[];
}

/** The API representation; never carries secrets (nor secret headers' values, nor credentials). */
export function toResource(sub: SubscriptionEntity): SubscriptionResource {
  return {
    id: sub.id,
    url: sub.url,
    events: sub.events,
    description: sub.description,
    metadata: sub.metadata,
    alert_url: sub.alertUrl,
    filter: sub.filter,
    ordering: sub.ordering ?? null,
    status: sub.status,
    status_reason: sub.statusReason,
    status_changed_at: sub.statusChangedAt?.toISOString() ?? null,
    signature_scheme: signatureScheme(sub),
    headers: headersView(sub.headers ?? {}),
    auth: authView(sub.auth ?? null),
    version: sub.version,
    created_at: sub.createdAt.toISOString(),
    updated_at: sub.updatedAt.toISOString(),
  };
}

/** The scheme deliveries are signed with: the newest secret's (during a change of scheme, both sign). */
export function signatureScheme(sub: Pick<SubscriptionEntity, 'secrets'>): SignatureScheme {
  return [...sub.secrets].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.scheme ?? 'hmac-sha256';
}

/** The strong ETag of a subscription: its version. */
export const etagOf = (sub: Pick<SubscriptionEntity, 'version'>) => `"${sub.version}"`;

/**
 * Whether an If-Match header admits the current version (absent admits; `*` admits any). An empty
 * header names no entity tag, so it sets no condition, as if absent.
 */
export function ifMatchAdmits(header: string | undefined, sub: Pick<SubscriptionEntity, 'version'>): boolean {
  if (header === undefined || header.trim() === '') return true;
  const current = etagOf(sub);
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === current);
}

/** Parses `fields` and `expand`; an unknown name is a validation error naming the parameter. */
export function parseViewOptions(fields?: string, expand?: string): ViewOptions {
  const errors = [];
  const fieldList = fields?.split(',');
  const unknownField = fieldList?.find((f) => !(FIELDS as readonly string[]).includes(f));
  if (unknownField)
    errors.push({
      field: 'fields',
      code: 'INVALID_VALUE',
      message: `unknown field "${unknownField}"; one of ${FIELDS.join(', ')}`,
    });
  const expandList = expand?.split(',');
  const unknownExpand = expandList?.find((e) => !(EXPANSIONS as readonly string[]).includes(e));
  if (unknownExpand)
    errors.push({
      field: 'expand',
      code: 'INVALID_VALUE',
      message: `cannot expand "${unknownExpand}"; one of ${EXPANSIONS.join(', ')}`,
    });
  if (errors.length) throw AppError.validation(errors);
  return { fields: fieldList, expand: expandList };
}

/** Applies field selection and expansion to a resource. */
export function shape(
  resource: SubscriptionResource,
  view: ViewOptions,
  catalog: EventCatalog,
): Partial<SubscriptionResource> {
  const out: Partial<SubscriptionResource> = view.fields
    ? Object.fromEntries(Object.entries(resource).filter(([k]) => k === 'id' || view.fields!.includes(k)))
    : { ...resource };
  if (view.expand?.includes('event_types')) {
    out.event_types = catalog.covered(resource.events).map((t) => ({ type: t.type, description: t.description }));
  }
  return out;
}
