import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { registryAccessOf, type RegistryAccess } from '../../platform/schema-registry/registry-access.js';
import { EventCatalog } from './event-catalog.js';
import { EventTypeChangelog, type Announcement } from './event-type-changelog.js';
import { isEventTypeName } from './event-type-name.js';
import { EventTypesRepository, type EventTypeRecord } from './event-types.repository.js';
import { compileSchema, type SchemaFormat } from './schema-compiler.js';

/** A subject's latest version as the registry's Confluent-compatible API returns it. */
interface SubjectVersion {
  version: number;
  schema: string;
  schemaType?: string;
}

export interface DeclaredType {
  type: string;
  subject: string;
  registryVersion: number;
  schemaFormat: SchemaFormat;
  schema: Record<string, unknown>;
  description: string;
}

/** The event type a subject's latest version declares, or a reason it declares none. */
export function declaredType(subject: string, prefix: string, latest: SubjectVersion): DeclaredType | string {
  const type = subject.slice(prefix.length);
  if (!isEventTypeName(type)) return `"${type}" is not a dotted lower-case event type name`;
  const kind = latest.schemaType ?? 'AVRO';
  if (kind !== 'JSON' && kind !== 'AVRO') return `${kind} schemas are not supported (JSON Schema or Avro)`;
  const schemaFormat: SchemaFormat = kind === 'JSON' ? 'json-schema' : 'avro';
  let schema: unknown;
  try {
    schema = JSON.parse(latest.schema);
  } catch {
    return 'the schema is not JSON';
  }
  const compiled = compileSchema(schemaFormat, schema);
  if (compiled.problems.length) return compiled.problems.map((p) => p.message).join('; ');
  const s = schema as Record<string, unknown>;
  const description = String(s.description ?? s.doc ?? s.title ?? '');
  return { type, subject, registryVersion: latest.version, schemaFormat, schema: s, description };
}

/**
 * The schema registry as a source of event types: every subject named <EVENT_TYPE_SUBJECT_PREFIX><type>
 * declares <type>, with its latest version as the data schema. Polled every
 * EVENT_TYPE_REGISTRY_POLL_MS; a change is written to Postgres (row-locked, so instances polling
 * together agree) and announced on the changelog. A subject that disappears archives its type.
 */
@Injectable()
export class RegistrySource implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('RegistrySource');
  private readonly prefix: string;
  private readonly registry: RegistryAccess;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly reported = new Set<string>();

  constructor(
    private readonly config: AppConfig,
    private readonly repository: EventTypesRepository,
    private readonly catalog: EventCatalog,
    private readonly changelog: EventTypeChangelog,
  ) {
    this.prefix = config.catalog.subjectPrefix;
    this.registry = registryAccessOf(config);
  }

  onApplicationBootstrap(): void {
    const holdsCatalog = this.config.hasRole('api') || this.config.hasRole('ingest');
    if (holdsCatalog && this.config.catalog.registryPollMs > 0) this.schedule(0);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.poll()
        .catch((error: unknown) => this.report('poll', `registry not read: ${this.failureOf(error)}`))
        .finally(() => this.schedule(this.config.catalog.registryPollMs));
    }, delay);
    this.timer.unref();
  }

  /** One pass over the registry's subjects. */
  async poll(): Promise<void> {
    const subjects = (await this.fetchJson<string[]>('/subjects')).filter((s) => s.startsWith(this.prefix));
    for (const subject of subjects) {
      const latest = await this.fetchJson<SubjectVersion>(`/subjects/${encodeURIComponent(subject)}/versions/latest`);
      const declared = declaredType(subject, this.prefix, latest);
      if (typeof declared === 'string') this.report(`${subject}@${latest.version}`, `${subject} ignored: ${declared}`);
      else await this.take(declared);
    }
    for (const type of await this.repository.registryTypesMissing(this.prefix, subjects)) {
      const announcement = this.changelog.begin();
      const change = await this.repository.update(type, () => ({ archived: true }), announcement.stage);
      await this.publishChange(change, announcement);
    }
    this.reported.delete('poll');
  }

  private async take(d: DeclaredType): Promise<void> {
    const held = this.catalog.get(d.type);
    if (held && isCurrent(held, d)) return;
    const announcement = this.changelog.begin();
    const declared = { ...d, source: 'registry' as const, registrySubject: d.subject };
    const inserted = await this.repository.insert(declared, announcement.stage);
    if (inserted) return this.publish(inserted, announcement);
    const change = await this.repository.update(
      d.type,
      (current) =>
        isCurrent(current, d)
          ? null
          : {
              source: 'registry',
              description: d.description || current.description,
              schemaFormat: d.schemaFormat,
              schema: d.schema,
              registrySubject: d.subject,
              registryVersion: d.registryVersion,
              archived: false,
            },
      announcement.stage,
    );
    await this.publishChange(change, announcement);
  }

  private async publishChange(
    change: { before: EventTypeRecord; after: EventTypeRecord } | null,
    announcement: Announcement,
  ): Promise<void> {
    if (change && change.after !== change.before) await this.publish(change.after, announcement);
  }

  /** The change committed with its changelog record (outbox); this sends it now. */
  private async publish(record: EventTypeRecord, announcement: Announcement): Promise<void> {
    this.catalog.apply(record);
    await announcement.publish();
  }

  private async fetchJson<T>(path: string): Promise<T> {
    const response = await this.registry.fetch(path, {
      headers: { accept: 'application/vnd.schemaregistry.v1+json, application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  /**
   * Where and why: fetch's own "fetch failed" names neither the address nor the cause (a refused
   * connection, a certificate), which it keeps in `cause`.
   */
  private failureOf(error: unknown): string {
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const why = cause ? `${String(error)} (${cause.code ?? cause.message ?? String(cause)})` : String(error);
    return `${why}, at SCHEMA_REGISTRY_URL=${this.config.registry.url}`;
  }

  /** Logs a problem once per subject version (or once until polling recovers), not every poll. */
  private report(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(message);
  }
}

function isCurrent(held: EventTypeRecord, d: DeclaredType): boolean {
  return (
    held.source === 'registry' &&
    held.registrySubject === d.subject &&
    held.registryVersion === d.registryVersion &&
    held.archivedAt === null
  );
}
