import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import { decodeCursor, encodeCursor, pageOf, type Page } from '../../platform/http/pagination.js';
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
      ? decodeCursor<[string]>(
          filter.after,
          't',
          ([name, ...rest]) => typeof name === 'string' && isEventTypeName(name) && rest.length === 0,
        )[0]
      : undefined;
    const rows = await this.repository.list({ ...filter, after });
    return pageOf(rows, filter.limit, (last) => encodeCursor('t', [last.type]));
  }

  async get(type: string): Promise<EventTypeRecord> {
    const record = isEventTypeName(type) ? await this.repository.get(type) : null;
    if (!record) throw notFound(type);
    return record;
  }

  async versions(type: string, after: string | undefined, limit: number): Promise<Page<EventTypeVersion>> {
    await this.get(type);
    const before = after
      ? decodeCursor<[number]>(
          after,
          'v',
          ([v, ...rest]) => Number.isInteger(v) && (v as number) > 0 && rest.length === 0,
        )[0]
      : undefined;
    const rows = await this.repository.versions(type, before, limit);
    return pageOf(rows, limit, (last) => encodeCursor('v', [last.version]));
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
