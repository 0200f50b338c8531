import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { SealedStores, type SealedStore } from '../../platform/crypto/sealed-stores.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import type { OperationHandler, OperationOutcome } from '../operations/runner/operation-handler.js';
import { OperationFailure, type OperationRun } from '../operations/runner/operation-run.js';

interface ReencryptionCheckpoint {
  /** The key everything is being moved to: the newest of the ring the request was made with. */
  keyId: string;
  total: number;
  done: number;
  /** Rows sealed again so far, by store name. */
  stores: Record<string, number>;
  /** The store being worked on (by name; stores go in name order) and where in it. */
  store: string | null;
  cursor: string | null;
}

/**
 * Key rotation: seals every stored secret again with the newest key of the ring (the first of
 * SECRETS_ENCRYPTION_KEYS), store by store, a batch of rows at a time, each batch's rows locked
 * only while they change; deliveries go on meanwhile (every instance still holds the older keys).
 * Checkpointed, so a runner that takes over resumes where the last stopped; a row written
 * meanwhile is already sealed with the newest key and skipped.
 */
@Injectable()
export class ReencryptionHandler implements OperationHandler {
  readonly kind = 'reencryption' as const;

  constructor(
    private readonly stores: SealedStores,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
  ) {}

  async run(run: OperationRun): Promise<OperationOutcome> {
    const stores = [...this.stores.all()].sort((a, b) => a.name.localeCompare(b.name));
    let state = (run.resumeFrom as ReencryptionCheckpoint | null) ?? (await this.start(run, stores));
    if (state.keyId !== this.box.primaryKeyId)
      throw new OperationFailure(
        'KEY_RING_CHANGED',
        `This run moves values to key "${state.keyId}", but this runner seals with "${this.box.primaryKeyId}": ` +
          'start a new re-encryption once every instance runs with the same key ring.',
      );
    const batch = this.config.operations.batchSize;
    for (const store of stores.filter((s) => state.store === null || s.name >= state.store)) {
      let cursor = store.name === state.store ? state.cursor : null;
      do {
        const resealed = await store.resealBatch(this.box, cursor, batch);
        cursor = resealed.cursor;
        const done = state.done + resealed.rows;
        state = {
          ...state,
          done,
          stores: { ...state.stores, [store.name]: (state.stores[store.name] ?? 0) + resealed.rows },
          store: store.name,
          cursor,
        };
        await run.checkpoint(state, state.total > 0 ? Math.min(1, done / state.total) : 1);
      } while (cursor !== null);
    }
    return {
      result: { key_id: state.keyId, rows: state.done, stores: state.stores },
      resultUrl: `/v1/operations/${run.operation.id}/result`,
    };
  }

  /** The key is the one the request was made with (an older run has none recorded: the runner's). */
  private async start(run: OperationRun, stores: SealedStore[]): Promise<ReencryptionCheckpoint> {
    const keyId = (run.parameters as { key_id?: string }).key_id ?? this.box.primaryKeyId;
    let total = 0;
    for (const store of stores) total += await store.countStale(keyId);
    const state: ReencryptionCheckpoint = { keyId, total, done: 0, stores: {}, store: null, cursor: null };
    await run.checkpoint(state, 0);
    return state;
  }
}
