import { randomInt } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import fastJsonPatch from 'fast-json-patch';
import jsonMergePatch from 'json-merge-patch';
import { AppError } from '../../platform/errors/app-error.js';
import { checkedBody } from '../../platform/http/request-dto.js';
import { checkRotationLimit, DEFAULT_GRACE_SECONDS, rotateSecrets, validSecrets } from './secrets.js';
import { SubscriptionInput } from './subscription-input.js';
import { SecretRotationDto } from './subscription.dto.js';
import { authView, headersView } from './endpoint-settings.js';
import { sameJson } from './endpoint-settings-input.js';
import { SubscriptionCredentials } from './subscription-credentials.js';
import { checkSecretFits, schemeOfSecret, SubscriptionSecrets } from './subscription-secrets.js';
import type { SubscriptionEntity, SubscriptionStatus } from './subscription.entity.js';
import { orderingSetting } from './ordering-setting.js';
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
  /** Ed25519: the new version's public key (whpk_…). */
  publicKey?: string;
  previousSecretsExpireAt: string | null;
}

/** Changes to an existing subscription: patches, status, secret rotation. Each bumps the version. */
@Injectable()
export class SubscriptionChangesService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly input: SubscriptionInput,
    private readonly urls: UrlChecks,
    private readonly secrets: SubscriptionSecrets,
    private readonly credentials: SubscriptionCredentials,
  ) {}

  /**
   * JSON Merge Patch (RFC 7396) or JSON Patch (RFC 6902) over the mutable fields. A new url or
   * alert_url, headers or auth is verified again with a challenge that carries them. In a merge
   * patch, `auth` is replaced whole (a credential is never merged with the one it replaces).
   */
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
    const view = { headers: headersView(current.headers ?? {}), auth: authView(current.auth ?? null) };
    const document = {
      url: current.url,
      events: current.events,
      description: current.description,
      metadata: current.metadata,
      alert_url: current.alertUrl,
      filter: current.filter,
      ordering: current.ordering ?? null,
      ...view,
    };
    if (format === 'merge') refuseUnknownMembers(document, patch as object);
    const patched = format === 'merge' ? mergeReplacingWhole(document, patch) : applyJsonPatch(document, patch);
    const stored = { headers: current.headers ?? {}, auth: current.auth ?? null };
    const { dto, endpoint } = await this.input.parseFields(patched, current.events, { ...stored, view });
    if (!ifMatchAdmits(ifMatch, current)) throw stale();
    const { headers, auth } = this.credentials.seal(current.id, endpoint);
    const next = {
      ...current,
      url: dto.url,
      events: [...dto.events].sort(),
      description: dto.description ?? '',
      metadata: (dto.metadata ?? {}) as Record<string, string>,
      alertUrl: dto.alert_url ?? null,
      filter: dto.filter ?? null,
      ordering: orderingSetting(dto.ordering),
      headers,
      auth,
    };
    const endpointChanged = !sameJson({ headers, auth }, stored);
    const checkUrl = next.url !== current.url || endpointChanged;
    const checkAlertUrl = next.alertUrl !== null && (next.alertUrl !== current.alertUrl || endpointChanged);
    if (checkUrl || checkAlertUrl) {
      const keys = this.secrets.openValid(current.id, current.secrets);
      const credentials = this.credentials.open(current.id, { headers, auth });
      if (checkUrl) await this.urls.verify(tenantId, 'url', next.url, keys, credentials);
      if (checkAlertUrl) await this.urls.verify(tenantId, 'alert_url', next.alertUrl!, keys, credentials);
    }
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
    const { dto, errors } = await checkedBody(SecretRotationDto, body, { optional: true });
    if (errors.length) throw AppError.validation(errors);
    // What the body alone decides is judged before the subscription is read (and If-Match with it).
    const named = dto.signature_scheme ?? schemeOfSecret(dto.secret);
    if (named && dto.secret !== undefined) checkSecretFits(named, dto.secret);
    const current = await this.load(tenantId, id, ifMatch);
    const grace = dto.grace_period_seconds ?? DEFAULT_GRACE_SECONDS;
    const now = new Date();
    checkRotationLimit(current.secrets, grace, now);
    const scheme = named ?? validSecrets(current.secrets, now)[0]?.scheme ?? 'hmac-sha256';
    const fresh = this.secrets.create(current.id, scheme, dto.secret, now);
    const saved = await this.save(
      { ...current, secrets: rotateSecrets(current.secrets, fresh.entry, grace, now) },
      current.version,
    );
    return {
      subscription: saved,
      generatedSecret: fresh.shown,
      publicKey: fresh.entry.public_key,
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

/** Members a patch may not reach: replacing them would change what the document's objects are. */
const namesPrototype = (pointer: unknown): boolean =>
  typeof pointer === 'string' && /\/__proto__(\/|$)|\/constructor\/prototype(\/|$)/.test(pointer);

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
    if ([path, from].some(namesPrototype))
      throw invalidPatch(`operation ${i}: a path must not name __proto__ or constructor/prototype`);
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

/** A merge patch names only the mutable fields: `{"other": null}` would otherwise pass as a no-op. */
function refuseUnknownMembers(document: object, patch: object): void {
  const unknown = Object.keys(patch).filter((name) => !Object.hasOwn(document, name));
  if (unknown.length)
    throw AppError.validation(
      unknown.map((name) => ({
        field: name.slice(0, 64) || 'body',
        code: 'UNKNOWN_FIELD',
        message: `property ${name.slice(0, 64)} cannot be patched`,
      })),
    );
}

/** Members a merge patch replaces whole (null removes them): a credential, and the ordering setting. */
const REPLACED_WHOLE = ['auth', 'ordering'];

/** A merge patch whose `auth` and `ordering`, when present, replace the current ones whole. */
function mergeReplacingWhole(document: object, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return applyMerge(document, patch);
  const whole = Object.entries(patch).filter(([name]) => REPLACED_WHOLE.includes(name));
  const rest = Object.fromEntries(Object.entries(patch).filter(([name]) => !REPLACED_WHOLE.includes(name)));
  return { ...(applyMerge(document, rest) as object), ...Object.fromEntries(whole) };
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
