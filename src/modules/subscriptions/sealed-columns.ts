import type { Binding } from '../../platform/crypto/sealed-value.js';
import { authPurpose, headerPurpose } from './endpoint-settings.js';
import { binding, credentialBinding } from './subscription-secrets.js';

/** Where a sealed value sits in a subscription row: a signing secret (by id), a header (by name), the auth (by type). */
export type SealedRef = 'secret' | 'header' | 'auth';

/**
 * Every sealed value of the subscription row `s`, one per row of this lateral subquery: its kind,
 * what names it in the row (SealedRef) and the sealed text. The key ring's census and re-encryption
 * select over it; header names are HTTP tokens and never hold the space the census separates with.
 */
export const SEALED_VALUES = `(
  SELECT 'secret' AS kind, e->>'id' AS ref, e->>'sealed' AS sealed FROM jsonb_array_elements(s.secrets) e
  UNION ALL
  SELECT 'header', h.key, h.value->>'sealed' FROM jsonb_each(s.headers) h WHERE h.value ? 'sealed'
  UNION ALL
  SELECT 'auth', s.auth->>'type', s.auth->>'sealed' WHERE s.auth IS NOT NULL
)`;

function bindingOf(id: string, kind: SealedRef, ref: string): Binding {
  if (kind === 'secret') return binding(id, ref);
  return credentialBinding(id, kind === 'header' ? headerPurpose(ref) : authPurpose(ref));
}

/** A census sample: the sealed value and the binding it opens with. */
export function sealedValueSample(id: string, kind: SealedRef, ref: string, sealed: string) {
  return { sealed, binding: bindingOf(id, kind, ref) };
}
