import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { INSECURE_DEVELOPMENT_KEY } from './key-ring.js';
import { SealedStores, type KeyUse, type SealedStore } from './sealed-stores.js';
import { SealedValueError } from './sealed-value.js';
import { SecretBox } from './secret-box.js';

export class UndecryptableRowsError extends Error {}

/**
 * The boot check: before consumers start or the API listens, every sealed store is counted by key
 * id, and one value of each key is opened. A start is refused, with every problem named, when rows
 * are not encrypted, are sealed with a key the ring lacks, or with a key of the same id that differs.
 */
@Injectable()
export class KeyRingCheck implements OnApplicationBootstrap {
  private readonly log = new Logger('KeyRing');

  constructor(
    private readonly stores: SealedStores,
    private readonly box: SecretBox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.verify();
  }

  async verify(): Promise<void> {
    const problems: string[] = [];
    const older = new Map<string, number>();
    for (const store of this.stores.all()) {
      for (const use of await store.census()) {
        const problem = this.problemOf(store, use);
        if (problem) problems.push(problem);
        else if (use.keyId !== this.box.primaryKeyId) older.set(use.keyId, (older.get(use.keyId) ?? 0) + use.values);
      }
    }
    if (problems.length) throw new UndecryptableRowsError(refusal(problems));
    if (this.box.primaryKeyId === INSECURE_DEVELOPMENT_KEY.id)
      this.log.warn('secrets at rest are sealed with the published development key: for development only');
    if (older.size)
      this.log.log(
        `values sealed with older keys: ${[...older].map(([id, n]) => `${id} (${n})`).join(', ')}; ` +
          '`hookline secrets re-encrypt` moves them to the newest key',
      );
  }

  private problemOf(store: SealedStore, use: KeyUse): string | undefined {
    const what = `${use.values} ${store.name}`;
    if (use.keyId === '')
      return `${what} are not encrypted: apply the migrations (hookline migrate) with the key ring set`;
    if (!this.box.keyIds.includes(use.keyId))
      return use.keyId === INSECURE_DEVELOPMENT_KEY.id
        ? `${what} are sealed with the insecure development key: a production ring cannot open them. ` +
            'To move them, start once with DEPLOYMENT_ENVIRONMENT=development and this ring, run ' +
            '`hookline secrets re-encrypt`, then start in production'
        : `${what} are sealed with key "${use.keyId}", which SECRETS_ENCRYPTION_KEYS does not hold`;
    if (!use.sample) return undefined;
    try {
      this.box.open(use.sample.sealed, use.sample.binding).fill(0);
      return undefined;
    } catch (error) {
      if (!(error instanceof SealedValueError)) throw error;
      return `${what} sealed with key "${use.keyId}" do not open with the configured key of that id (${error.message})`;
    }
  }
}

function refusal(problems: string[]): string {
  return (
    `rows exist that no configured key decrypts:\n  - ${problems.join('\n  - ')}\n` +
    'Add the keys that sealed them to SECRETS_ENCRYPTION_KEYS (after the first, which seals new values), ' +
    'or restore the key ring they were written with; see docs/guides/secrets-and-keys.md.'
  );
}
