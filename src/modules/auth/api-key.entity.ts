import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * `operator` belongs to deployment-wide operator keys only (catalog changes); `admin` does not imply
 * it. `events:publish` lets a key publish events for its tenant (POST /v1/events); admin implies it.
 */
export type Scope = 'read' | 'write' | 'admin' | 'operator' | 'events:publish';

/**
 * An API key; only its SHA-256 hash is stored, the key itself is shown once at creation. Revoked
 * keys keep their row (revoked_at), so a seeded key once revoked is never created again.
 */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { name: 'tenant_id' }) tenantId: string;
  @Column('text') name: string;
  @Column('text', { name: 'key_hash' }) keyHash: string;
  @Column('text', { name: 'key_prefix' }) keyPrefix: string;
  @Column('text', { array: true }) scopes: Scope[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  /** Refused from then on; null: never expires. */
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
}
