import { Column, Entity, PrimaryColumn } from 'typeorm';

export const OPERATION_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLING', 'CANCELLED'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const OPERATION_KINDS = ['report', 'recovery', 'redrive', 'reencryption'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** States in which no work runs nor will run without a retry. */
export const FINISHED_STATUSES: readonly OperationStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** Why an operation failed, as the API shows it. */
export interface OperationError {
  code: string;
  message: string;
}

/**
 * A long-running piece of work of a tenant. The runner that holds the lease (lease_owner until
 * lease_expires_at) works on it and records its checkpoint; whoever claims it next resumes there.
 */
@Entity('operations')
export class OperationEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { name: 'tenant_id' }) tenantId: string;
  /** The deployment (KAFKA_TOPIC_PREFIX) that requested it: only its runners, which produce to its topics, run it. */
  @Column('text') namespace: string;
  @Column('text') kind: OperationKind;
  @Column('jsonb') parameters: Record<string, unknown>;
  @Column('text') status: OperationStatus;
  @Column('integer') progress: number;
  @Column('timestamptz', { name: 'estimated_completion', nullable: true }) estimatedCompletion: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'started_at', nullable: true }) startedAt: Date | null;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt: Date | null;
  @Column('text', { name: 'result_url', nullable: true }) resultUrl: string | null;
  @Column('jsonb', { nullable: true }) result: Record<string, unknown> | null;
  @Column('jsonb', { nullable: true }) error: OperationError | null;
  @Column('jsonb', { nullable: true }) checkpoint: Record<string, unknown> | null;
  @Column('text', { name: 'lease_owner', nullable: true }) leaseOwner: string | null;
  @Column('timestamptz', { name: 'lease_expires_at', nullable: true }) leaseExpiresAt: Date | null;
  @Column('boolean', { name: 'cancel_requested' }) cancelRequested: boolean;
  @Column('integer') runs: number;
}
