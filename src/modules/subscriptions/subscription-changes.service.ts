import { randomInt } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import fastJsonPatch from 'fast-json-patch';
import jsonMergePatch from 'json-merge-patch';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError } from '../../platform/errors/app-error.js';
import { toFieldErrors } from '../../platform/http/validation.js';
import { DEFAULT_GRACE_SECONDS, generateSecret, rotateSecrets, validSecrets } from './secrets.js';
import { SubscriptionInput } from './subscription-input.js';
import { SecretRotationDto } from './subscription.dto.js';
import type { SubscriptionEntity, SubscriptionStatus } from './subscription.entity.js';
import { ifMatchAdmits } from './subscription-view.js';
import { SubscriptionsService, stale } from './subscriptions.service.js';
import { UrlChecks } from './url-checks.js';

export type PatchFormat = 'merge' | 'json';

/**
 * How often a change without If-Match is tried when it keeps losing races to other changes: of the
 * changes racing on one version one wins, so N writers at once need at most N tries each.
 */
const UNCONDITIONED_ATTEMPTS = 10;
/** Up to this many ms times the attempt number, at random, before a lost race is tried again. */
const RACE_JITTER_MS = 10;

export interface Rotation {
  subscription: SubscriptionEntity;
  generatedSecret?: string;
  previousSecretsExpireAt: string | null;
}

/** Changes to an existing subscription: patches, status, secret rotation. Each bumps the version. */
@Injectable()
export class SubscriptionChangesService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly input: SubscriptionInput,
    private readonly urls: UrlChecks,
  ) {}

  /** JSON Merge Patch (RFC 7396) or JSON Patch (RFC 6902) over the mutable fields; a new url or alert_url is verified. */
  async patch(
    tenantId: string,
    id: string,
    format: PatchFormat,
    patch: unknown,
    ifMatch?: string,
  ): Promise<SubscriptionEntity> {
    return this.unconditioned(ifMatch, () => this.patchOnce(tenantId, id, format, patch, ifMatch));
  }

  private async patchOnce(
    tenantId: string,
    id: string,
    format: PatchFormat,
    patch: unknown,
    ifMatch?: string,
  ): Promise<SubscriptionEntity> {
    // An invalid change is refused (422) before its precondition is judged (412).
    checkPatchShape(format, patch);
    const current = await this.subscriptions.get(tenantId, id);
    const document = {
      url: current.url,
      events: current.events,
      description: current.description,
      metadata: current.metadata,
      alert_url: current.alertUrl,
    };
    const patched = format === 'merge' ? applyMerge(document, patch) : applyJsonPatch(document, patch);
    const dto = await this.input.parseFields(patched, current.events);
    if (!ifMatchAdmits(ifMatch, current)) throw stale();
    const next = {
      ...current,
      url: dto.url,
      events: [...dto.events].sort(),
      description: dto.description ?? '',
      metadata: (dto.metadata ?? {}) as Record<string, string>,
      alertUrl: dto.alert_url ?? null,
    };
    const secrets = validSecrets(current);
    if (next.url !== current.url) await this.urls.verify(tenantId, 'url', next.url, secrets);
    if (next.alertUrl && next.alertUrl !== current.alertUrl)
      await this.urls.verify(tenantId, 'alert_url', next.alertUrl, secrets);
    return this.save(next, current.version);
  }

  /** Also how the pipeline marks a subscription failing (with the reason) once retries are exhausted. */
  async setStatus(
    tenantId: string,
    id: string,
    status: SubscriptionStatus,
    ifMatch?: string,
    reason: string | null = status === 'disabled' ? 'disabled through the API' : null,
  ): Promise<SubscriptionEntity> {
    return this.unconditioned(ifMatch, async () => {
      const current = await this.load(tenantId, id, ifMatch);
      if (current.status === status && current.statusReason === reason) return current;
      return this.save({ ...current, status, statusReason: reason, statusChangedAt: new Date() }, current.version);
    });
  }

  async rotateSecret(tenantId: string, id: string, body: unknown, ifMatch?: string): Promise<Rotation> {
    return this.unconditioned(ifMatch, () => this.rotateOnce(tenantId, id, body, ifMatch));
  }

  private async rotateOnce(tenantId: string, id: string, body: unknown, ifMatch?: string): Promise<Rotation> {
    const dto = plainToInstance(SecretRotationDto, body ?? {});
    const errors = toFieldErrors(
      await validate(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }),
    );
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      errors.push({ field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' });
    }
    if (errors.length) throw AppError.validation(errors);
    const current = await this.load(tenantId, id, ifMatch);
    const secret = dto.secret ?? generateSecret();
    const grace = dto.grace_period_seconds ?? DEFAULT_GRACE_SECONDS;
    const now = new Date();
    const saved = await this.save(
      { ...current, secrets: rotateSecrets(current.secrets, secret, grace, now) },
      current.version,
    );
    return {
      subscription: saved,
      generatedSecret: dto.secret ? undefined : secret,
      previousSecretsExpireAt: saved.secrets.length > 1 ? new Date(now.getTime() + grace * 1000).toISOString() : null,
    };
  }

  private async load(tenantId: string, id: string, ifMatch?: string): Promise<SubscriptionEntity> {
    const current = await this.subscriptions.get(tenantId, id);
    if (!ifMatchAdmits(ifMatch, current)) throw stale();
    return current;
  }

  /**
   * A change without If-Match sets no condition: one that lost a race to another change (the
   * version moved between its read and its write) is made again on the newer version, instead of
   * a 412 naming an If-Match the client never sent. A random pause first spreads out the racers.
   */
  private async unconditioned<T>(ifMatch: string | undefined, change: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await change();
      } catch (error) {
        const raced = error instanceof AppError && error.code === 'PRECONDITION_FAILED' && !ifMatch?.trim();
        if (!raced || attempt >= UNCONDITIONED_ATTEMPTS) throw error;
        await setTimeout(randomInt(RACE_JITTER_MS * attempt + 1));
      }
    }
  }

  /** The change and its changelog record commit together (SubscriptionsService.saveOrConflict). */
  private save(next: SubscriptionEntity, expectedVersion: number): Promise<SubscriptionEntity> {
    return this.subscriptions.saveOrConflict(next, expectedVersion);
  }
}

function invalidPatch(message: string): AppError {
  return AppError.validation([{ field: 'body', code: 'INVALID_PATCH', message }]);
}

const PATCH_OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
/** RFC 6901: '' or '/'-separated tokens, `~` only as ~0 or ~1 (the document's pattern). */
const POINTER = /^(\/([^~/]|~[01])*)*$/;
const isPointer = (value: unknown): value is string => typeof value === 'string' && POINTER.test(value);

/** The shapes the document gives each media type: an object, or an array of RFC 6902 operations. */
function checkPatchShape(format: PatchFormat, patch: unknown): void {
  if (format === 'merge') {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
      throw invalidPatch('A merge patch must be a JSON object.');
    return;
  }
  if (!Array.isArray(patch)) throw invalidPatch('A JSON Patch must be an array of operations.');
  patch.forEach((op: unknown, i) => {
    const operation = (op ?? {}) as Record<string, unknown>;
    const { op: name, path, from } = operation;
    if (typeof op !== 'object' || op === null || Array.isArray(op) || !PATCH_OPS.has(name as string))
      throw invalidPatch(`operation ${i}: op must be one of ${[...PATCH_OPS].join(', ')}`);
    if (!isPointer(path) || (from !== undefined && !isPointer(from)))
      throw invalidPatch(`operation ${i}: path (and from) must be JSON Pointers (RFC 6901)`);
    if (['add', 'replace', 'test'].includes(name as string) && !('value' in operation))
      throw invalidPatch(`operation ${i}: ${String(name)} needs a value`);
    if (['move', 'copy'].includes(name as string) && from === undefined)
      throw invalidPatch(`operation ${i}: ${String(name)} needs a from`);
  });
}

function applyMerge(document: object, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw invalidPatch('A merge patch must be a JSON object.');
  }
  return jsonMergePatch.apply(structuredClone(document), patch);
}

function applyJsonPatch(document: object, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw invalidPatch('A JSON Patch must be an array of operations.');
  let result: unknown;
  try {
    result = fastJsonPatch.applyPatch(
      structuredClone(document),
      patch as fastJsonPatch.Operation[],
      true,
      false,
    ).newDocument;
  } catch (error) {
    // The document states each operation's shape (a JSON Pointer, value or from where required);
    // what the library still objects to is the subscription as it is: a missing path, a failed test.
    const e = error as { message?: string; index?: number };
    const where = e.index !== undefined ? `operation ${e.index}: ` : '';
    const message = `${where}${String(e.message ?? 'invalid operation').split('\n')[0]}`;
    throw notApplicable(message);
  }
  // An operation on the root ('') may remove the subscription or replace it with something else.
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    throw notApplicable('The patched document must remain a subscription (a JSON object).');
  return result;
}

function notApplicable(message: string): AppError {
  return AppError.validation([{ field: 'body', code: 'PATCH_NOT_APPLICABLE', message }]);
}
