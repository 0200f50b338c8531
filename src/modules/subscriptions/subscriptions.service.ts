import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { StagedRecord } from '../../platform/outbox/outbox.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, timeAndId, type Page } from '../../platform/http/pagination.js';
import type { ListQueryDto } from './list-query.dto.js';
import { SubscriptionChangelog } from './subscription-changelog.js';
import { SubscriptionInput } from './subscription-input.js';
import { SubscriptionCredentials } from './subscription-credentials.js';
import { schemeOfSecret, SubscriptionSecrets } from './subscription-secrets.js';
import { orderingSetting } from './ordering-setting.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import {
  DuplicateSubscriptionError,
  SubscriptionLimitError,
  SubscriptionsRepository,
} from './subscriptions.repository.js';
import { ifMatchAdmits } from './subscription-view.js';
import { UrlChecks } from './url-checks.js';

export const conflict = () =>
  new AppError(
    'CONFLICT',
    'This tenant already has a subscription with the same url, the same events and the same filter.',
  );
export const notFound = () => AppError.notFound('The subscription');
export const stale = () =>
  new AppError('PRECONDITION_FAILED', 'The subscription has changed since the version in If-Match; read it again.');

/** Registration, reads and deletion of subscriptions; the pipeline reads through the last two methods. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly input: SubscriptionInput,
    private readonly urls: UrlChecks,
    private readonly changelog: SubscriptionChangelog,
    private readonly secrets: SubscriptionSecrets,
    private readonly credentials: SubscriptionCredentials,
    private readonly config: AppConfig,
  ) {}

  /**
   * Validates, verifies the URL (and the alert_url) with a signed challenge carrying the endpoint's
   * headers and auth, then stores. Nothing is stored when any step fails. The generated secret (when
   * the client sent none) is returned here and never again.
   */
  async create(
    tenantId: string,
    body: unknown,
  ): Promise<{ subscription: SubscriptionEntity; generatedSecret?: string }> {
    const { dto, endpoint } = await this.input.parseCreate(body);
    const now = new Date();
    const id = randomUUID();
    const scheme = dto.signature_scheme ?? schemeOfSecret(dto.secret) ?? 'hmac-sha256';
    const secret = this.secrets.create(id, scheme, dto.secret, now);
    const { headers, auth } = this.credentials.seal(id, endpoint);
    const entity = {
      id,
      tenantId,
      url: dto.url,
      events: [...dto.events].sort(),
      description: dto.description ?? '',
      metadata: (dto.metadata ?? {}) as Record<string, string>,
      alertUrl: dto.alert_url ?? null,
      filter: dto.filter ?? null,
      ordering: orderingSetting(dto.ordering),
      secrets: [secret.entry],
      headers,
      auth,
      status: 'active',
      statusReason: null,
      statusChangedAt: now,
      rateLimitPerSecond: null,
      sendTraceparent: true,
    } as SubscriptionEntity;
    // Checked before the challenge too, so neither costs the endpoint a request.
    const held = await this.repository.countOf(tenantId);
    if (held >= this.limit) throw limitReached(held, this.limit);
    if (await this.repository.hasDuplicate(entity)) throw conflict();
    const credentials = this.credentials.open(id, { headers, auth });
    await this.urls.verify(tenantId, 'url', entity.url, [secret.key], credentials);
    if (entity.alertUrl) await this.urls.verify(tenantId, 'alert_url', entity.alertUrl, [secret.key], credentials);
    const saved = await this.saveOrConflict(entity);
    return { subscription: saved, generatedSecret: secret.shown };
  }

  async get(tenantId: string, id: string): Promise<SubscriptionEntity> {
    const found = await this.repository.findOne(tenantId, id);
    if (!found) throw notFound();
    return found;
  }

  async list(tenantId: string, query: ListQueryDto): Promise<Page<SubscriptionEntity>> {
    // With both, offset skips rows after the cursor's position (keyset first, then OFFSET).
    const sort = query.sort ?? 'created_at';
    const position =
      query.after !== undefined ? decodeCursor<[string, string]>(query.after, sort, timeAndId) : undefined;
    const after = position && { value: position[0], id: position[1] };
    const limit = query.limit ?? 20;
    const rows = await this.repository.list(tenantId, {
      status: query.status,
      eventPatterns: query.event ? coveringPatterns(query.event) : undefined,
      sortColumn: sort.replace('-', '') as 'created_at' | 'updated_at',
      descending: sort.startsWith('-'),
      after,
      offset: query.offset,
      limit,
    });
    const page = pageOf(rows, limit, (last) => encodeCursor(sort, [last.sortKey, last.entity.id]));
    return mapPage(page, (row) => row.entity);
  }

  async remove(tenantId: string, id: string, ifMatch?: string): Promise<void> {
    const current = await this.get(tenantId, id);
    const expected = ifMatch === undefined ? undefined : current.version;
    if (ifMatch !== undefined && !ifMatchAdmits(ifMatch, current)) throw stale();
    const staged: StagedRecord[] = [];
    const deleted = await this.repository.delete(tenantId, id, expected, async (tx, row) => {
      staged.push(await this.changelog.stage(tx, { ...row, deleted: true }));
    });
    if (!deleted) throw expected ? stale() : notFound();
    await this.changelog.publishAndAwaitMatchers(staged);
  }

  private get limit(): number {
    return this.config.api.maxSubscriptionsPerTenant;
  }

  /** Saves the row and its changelog record in one transaction, then publishes the record. */
  async saveOrConflict(entity: SubscriptionEntity, expectedVersion?: number): Promise<SubscriptionEntity> {
    try {
      const staged: StagedRecord[] = [];
      const saved = await this.repository.save(
        entity,
        expectedVersion,
        async (tx, row) => {
          staged.push(await this.changelog.stage(tx, row));
        },
        this.limit,
      );
      if (!saved) throw stale();
      await this.changelog.publishAndAwaitMatchers(staged);
      return saved;
    } catch (error) {
      if (error instanceof DuplicateSubscriptionError) throw conflict();
      if (error instanceof SubscriptionLimitError) throw limitReached(error.held, this.limit);
      throw error;
    }
  }
}

/** The subscription patterns that receive `type`: itself, `*`, and each `<prefix>.*` above it. */
export function coveringPatterns(type: string): string[] {
  const parts = type.split('.');
  const prefixes = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.*`);
  return [type, '*', ...prefixes];
}

function limitReached(held: number, limit: number): AppError {
  return new AppError(
    'SUBSCRIPTION_LIMIT_REACHED',
    `A tenant holds at most ${limit} subscriptions on this deployment and this one holds ${held}. ` +
      'Delete subscriptions it no longer needs, or ask the operator to raise the limit.',
  );
}
