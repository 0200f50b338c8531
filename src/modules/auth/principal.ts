import type { IncomingMessage } from 'node:http';
import type { Scope } from './api-key.entity.js';

/** Who is calling: the tenant every query is scoped to, the key (for rate limits) and its scopes. */
export interface Principal {
  tenantId: string;
  keyId: string;
  scopes: Scope[];
}

/** undefined: not resolved yet; null: no valid key was presented. */
export type AuthenticatedRequest = IncomingMessage & {
  principal?: Principal | null;
  authProblem?: string;
  /** With authProblem 'expired': when the key expired (ms since the epoch). */
  authExpiredAt?: number;
};
