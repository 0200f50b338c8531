import { Injectable, type Provider, type Type } from '@nestjs/common';
import type { Binding } from './sealed-value.js';
import type { SecretBox } from './secret-box.js';

/** How many values of a store one key sealed, and one of them to try the key on. */
export interface KeyUse {
  /** '' for values that are not sealed at all (rows written before encryption at rest). */
  keyId: string;
  values: number;
  sample?: { sealed: string; binding: Binding };
}

export interface ResealedBatch {
  /** Where the next batch starts (keyset order); null when none follow. */
  cursor: string | null;
  rows: number;
}

/**
 * A table column that holds sealed values, as the key ring's boot check and re-encryption see it.
 * The module that owns the table implements it with its repository and registers it with
 * sealedStore(), so the boot check covers it and re-encryption moves it to a new key.
 */
export interface SealedStore {
  /** Named in messages and progress: "subscription signing secrets". */
  readonly name: string;
  census(): Promise<KeyUse[]>;
  /** Rows holding at least one value sealed with another key than `primaryKeyId`. */
  countStale(primaryKeyId: string): Promise<number>;
  /** Seals again, with the newest key, up to `limit` such rows after `cursor`; each row locked while it changes. */
  resealBatch(box: SecretBox, cursor: string | null, limit: number): Promise<ResealedBatch>;
}

/** Every sealed store of this process, registered by the modules that own them. */
@Injectable()
export class SealedStores {
  private readonly stores: SealedStore[] = [];

  register(store: SealedStore): void {
    if (!this.stores.includes(store)) this.stores.push(store);
  }

  all(): readonly SealedStore[] {
    return this.stores;
  }
}

/** Providers of a module that owns a sealed column: the store and its registration (CryptoModule is global). */
export function sealedStore(store: Type<SealedStore>): Provider[] {
  return [
    store,
    {
      provide: Symbol(`register ${store.name}`),
      inject: [SealedStores, store],
      useFactory: (stores: SealedStores, instance: SealedStore) => {
        stores.register(instance);
        return instance;
      },
    },
  ];
}
