import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, VersionColumn } from 'typeorm';

export type SubscriptionStatus = 'active' | 'disabled' | 'failing';

/** A signing secret; old ones stay valid until expires_at during a rotation's grace period. */
export interface SigningSecret {
  secret: string;
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
  @Column('text') status: SubscriptionStatus;
  @Column('text', { name: 'status_reason', nullable: true }) statusReason: string | null;
  @Column('timestamptz', { name: 'status_changed_at', nullable: true }) statusChangedAt: Date | null;
  @Column('integer', { name: 'rate_limit_per_second', nullable: true }) rateLimitPerSecond: number | null;
  @Column('boolean', { name: 'send_traceparent' }) sendTraceparent: boolean;
  /** A CEL expression over the event; null: every event of the subscribed types. */
  @Column('text', { nullable: true }) filter: string | null;
  @VersionColumn() version: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
