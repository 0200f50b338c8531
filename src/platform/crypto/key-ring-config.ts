import type { AppConfig } from '../config/app-config.js';
import { ConfigError } from '../config/secret-settings.js';
import { INSECURE_DEVELOPMENT_KEY, KeyRing } from './key-ring.js';

export class MissingKeyRingError extends ConfigError {}

export const MISSING_KEY_RING_MESSAGE =
  'SECRETS_ENCRYPTION_KEYS (or SECRETS_ENCRYPTION_KEYS_FILE) is required in production: it encrypts ' +
  'signing secrets and stored responses at rest. Generate a key with `hookline secrets generate-key` and ' +
  'set SECRETS_ENCRYPTION_KEYS=<id>:<key>; a local start may set DEPLOYMENT_ENVIRONMENT=development instead ' +
  '(secrets are then sealed with a published, insecure key).';

/**
 * The key ring of this process. Production (the default) refuses to run without a configured ring;
 * development falls back to the insecure development key and always keeps it as a decrypt-only last
 * key, so what was sealed with it can be re-encrypted under a real key.
 */
export function keyRingFromConfig(config: AppConfig): KeyRing {
  const configured = config.secrets.encryptionKeys;
  if (config.secrets.deploymentEnvironment === 'production') {
    if (configured.length === 0) throw new MissingKeyRingError(MISSING_KEY_RING_MESSAGE);
    if (configured.some((k) => k.id === INSECURE_DEVELOPMENT_KEY.id))
      throw new MissingKeyRingError(`key id "${INSECURE_DEVELOPMENT_KEY.id}" is reserved for development`);
    return new KeyRing(configured);
  }
  return new KeyRing([...configured.filter((k) => k.id !== INSECURE_DEVELOPMENT_KEY.id), INSECURE_DEVELOPMENT_KEY]);
}

/** Whether this ring seals with the published development key (worth a warning at every start). */
export function sealsInsecurely(ring: KeyRing): boolean {
  return ring.primaryId === INSECURE_DEVELOPMENT_KEY.id;
}
