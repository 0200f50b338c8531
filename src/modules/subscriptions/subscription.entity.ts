import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, VersionColumn } from 'typeorm';
import type { StoredAuth, StoredHeaders } from './endpoint-settings.js';
import type { OrderingSetting } from './ordering-setting.js';

export type SubscriptionStatus = 'active' | 'disabled' | 'failing';

export const SIGNATURE_SCHEMES = ['hmac-sha256', 'ed25519'] as const;
/** HMAC-SHA256 (Standard Webhooks v1, and X-Signature, X-Webhook-Signature) or Ed25519 (Standard Webhooks v1a). */
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/**
 * One version of a subscription's signing key, as stored: old ones stay valid until expires_at
 * during a rotation's grace period. The key itself is only ever stored sealed (encrypted, bound to
 * this subscription and this version's id); an Ed25519 version keeps its public key in clear.
 */
export interface SigningSecret {
  id: string;
  scheme: SignatureScheme;
  /** HMAC: the secret's UTF-8 bytes; Ed25519: the 32-byte private seed; sealed by SubscriptionSecrets. */
  sealed: string;
  /** Ed25519 only: `whpk_<base64 of the 32-byte public key>`. */
  public_key?: string;
  created_at: string;
  expires_at: string | null;
}

@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { name: 'tenant_id' }) tenantId: string;
  @Column('text') url: string;
  @Column('text', { array: true }) events: string[];
  @Column('text') description: string;
  @Column('jsonb') metadata: Record<string, string>;
  @Column('text', { name: 'alert_url', nullable: true }) alertUrl: string | null;
  @Column('jsonb') secrets: SigningSecret[];
  /** Static request headers; secret values sealed (endpoint-settings.ts). */
  @Column('jsonb') headers: StoredHeaders;
  /** How the endpoint authenticates Hookline; the credential sealed. Null: only the signature. */
  @Column('jsonb', { nullable: true }) auth: StoredAuth | null;
  @Column('text') status: SubscriptionStatus;
  @Column('text', { name: 'status_reason', nullable: true }) statusReason: string | null;
  @Column('timestamptz', { name: 'status_changed_at', nullable: true }) statusChangedAt: Date | null;
  @Column('integer', { name: 'rate_limit_per_second', nullable: true }) rateLimitPerSecond: number | null;
  @Column('boolean', { name: 'send_traceparent' }) sendTraceparent: boolean;
  /** A CEL expression over the event; null: every event of the subscribed types. */
  @Column('text', { nullable: true }) filter: string | null;
  /** Ordered delivery by key; null: unordered. */
  @Column('jsonb', { nullable: true }) ordering: OrderingSetting | null;
  @VersionColumn() version: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
