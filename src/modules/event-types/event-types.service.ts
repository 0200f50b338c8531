import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import { EventCatalog } from './event-catalog.js';
import { EventTypeChangelog, type Announcement } from './event-type-changelog.js';
import { parseCreate, parsePatch } from './event-type-input.js';
import { isEventTypeName } from './event-type-name.js';
import {
  EventTypesRepository,
  type EventTypeRecord,
  type EventTypeVersion,
  type ListFilter,
} from './event-types.repository.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

const notFound = (type: string) => AppError.notFound(`Event type "${type.slice(0, 100)}"`);
const stale = () =>
  new AppError('PRECONDITION_FAILED', 'The event type has changed since the version in If-Match; read it again.');
const registryManaged = (record: EventTypeRecord) =>
  new AppError(
    'REGISTRY_MANAGED',
    `"${record.type}" is declared by the schema registry subject "${record.registrySubject}"; change it there.`,
  );

/** The strong ETag of an event type: its revision, which every change bumps. */
export const etagOf = (record: Pick<EventTypeRecord, 'revision'>) => `"${record.revision}"`;

function ifMatchAdmits(header: string | undefined, record: EventTypeRecord): boolean {
  if (header === undefined) return true;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etagOf(record));
}

export function encodeCursor(kind: string, position: string | number): string {
  return Buffer.from(JSON.stringify([kind, position])).toString('base64url');
}

export function decodeCursor<T extends string | number>(text: string, kind: string, ok: (p: unknown) => boolean): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || !ok(parsed[1])) {
    throw AppError.validation([
      { field: 'after', code: 'INVALID', message: 'after must be a next_cursor returned by this list' },
    ]);
  }
  return parsed[1] as T;
}

/**
 * The catalog API's rules: operators define, edit and archive types; registry-declared ones are
 * changed in the registry only. Every change is announced on the changelog so all instances follow.
 */
@Injectable()
export class EventTypesService {
  constructor(
    private readonly repository: EventTypesRepository,
    private readonly catalog: EventCatalog,
    private readonly changelog: EventTypeChangelog,
  ) {}

  async list(filter: Omit<ListFilter, 'after'> & { after?: string }): Promise<Page<EventTypeRecord>> {
    const after = filter.after
      ? decodeCursor<string>(filter.after, 't', (p) => typeof p === 'string' && isEventTypeName(p))
      : undefined;
    const rows = await this.repository.list({ ...filter, after });
    const items = rows.slice(0, filter.limit);
    const hasMore = rows.length > filter.limit;
    return { items, hasMore, nextCursor: hasMore ? encodeCursor('t', items[items.length - 1].type) : null };
  }

  async get(type: string): Promise<EventTypeRecord> {
    const record = isEventTypeName(type) ? await this.repository.get(type) : null;
    if (!record) throw notFound(type);
    return record;
  }

  async versions(type: string, after: string | undefined, limit: number): Promise<Page<EventTypeVersion>> {
    await this.get(type);
    const before = after
      ? decodeCursor<number>(after, 'v', (p) => Number.isInteger(p) && (p as number) > 0)
      : undefined;
    const rows = await this.repository.versions(type, before, limit);
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { items, hasMore, nextCursor: hasMore ? encodeCursor('v', items[items.length - 1].version) : null };
  }

  async create(body: unknown): Promise<EventTypeRecord> {
    const fields = parseCreate(body);
    const announcement = this.changelog.begin();
    const inserted = await this.repository.insert(
      { ...fields, source: 'api', schemaFormat: 'json-schema' },
      announcement.stage,
    );
    if (!inserted) {
      const existing = await this.repository.get(fields.type);
      if (existing?.source === 'registry') throw registryManaged(existing);
      throw new AppError(
        'CONFLICT',
        `The event type "${fields.type}" exists already${existing?.archivedAt ? ' (archived)' : ''}.`,
      );
    }
    return this.announce(inserted, announcement);
  }

  async patch(type: string, body: unknown, ifMatch?: string): Promise<EventTypeRecord> {
    await this.get(type);
    const announcement = this.changelog.begin();
    const change = await this.repository.update(
      type,
      (current) => {
        if (current.source === 'registry') throw registryManaged(current);
        // An invalid change is refused (422) before its precondition is judged (412), as for subscriptions.
        const fields = parsePatch(body, current);
        if (!ifMatchAdmits(ifMatch, current)) throw stale();
        return fields;
      },
      announcement.stage,
    );
    if (!change) throw notFound(type);
    return this.announce(change.after, announcement);
  }

  /** Archives: the type stays readable and keeps its subscribers; new subscriptions to it are refused. */
  async archive(type: string, ifMatch?: string): Promise<void> {
    await this.get(type);
    const announcement = this.changelog.begin();
    const change = await this.repository.update(
      type,
      (current) => {
        if (current.source === 'registry') throw registryManaged(current);
        if (!ifMatchAdmits(ifMatch, current)) throw stale();
        return current.archivedAt ? null : { archived: true };
      },
      announcement.stage,
    );
    if (change && change.after !== change.before) await this.announce(change.after, announcement);
  }

  /** The record committed with its changelog record (outbox); it goes out before the API answers. */
  private async announce(record: EventTypeRecord, announcement: Announcement): Promise<EventTypeRecord> {
    this.catalog.apply(record);
    await announcement.publish();
    return record;
  }
}
