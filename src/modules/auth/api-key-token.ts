import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from './api-key.entity.js';

export const ALL_SCOPES: readonly Scope[] = ['read', 'write', 'admin', 'events:publish'];
export const DEFAULT_SCOPES: Scope[] = ['read', 'write'];
/** Operator keys manage the deployment (the event catalog) and may read; they hold no tenant's data. */
export const OPERATOR_SCOPES: Scope[] = ['operator', 'read'];
/** The tenant id of operator keys: outside the tenant-id alphabet, so no tenant can be it. */
export const OPERATOR_TENANT = '*operator';

/** A new API key: 32 random bytes, prefixed so leaked keys are recognisable by secret scanners. */
export function generateApiKey(): string {
  return `hk_${randomBytes(32).toString('base64url')}`;
}

/** Keys are stored as SHA-256 only: high-entropy tokens need no slow hash, and lookups stay O(1). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters, kept to help people tell their keys apart. */
export function keyPrefix(key: string): string {
  return key.slice(0, 10);
}

/** Whether the granted scopes satisfy a required one; admin implies every tenant scope, not operator. */
export function grants(scopes: readonly Scope[], required: Scope): boolean {
  return scopes.includes(required) || (required !== 'operator' && scopes.includes('admin'));
}
