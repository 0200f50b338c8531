import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { KeyRingCheck } from './key-ring-check.js';
import { keyRingFromConfig } from './key-ring-config.js';
import { SealedStores } from './sealed-stores.js';
import { SecretBox } from './secret-box.js';

/**
 * Secrets at rest for every role: the SecretBox over this process's key ring (a production start
 * without a ring fails here), the registry of sealed stores and the boot check over them.
 */
@Global()
@Module({})
export class CryptoModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CryptoModule,
      providers: [
        { provide: SecretBox, useFactory: () => new SecretBox(keyRingFromConfig(config)) },
        SealedStores,
        KeyRingCheck,
      ],
      exports: [SecretBox, SealedStores, KeyRingCheck],
    };
  }
}
