import { signDelivery } from '../../../platform/egress/signer.js';
import { validSecrets } from '../../subscriptions/secrets.js';
import type { SigningSecret } from '../../subscriptions/subscription.entity.js';
import { USER_AGENT } from './user-agent.js';

export interface SignedRequestInput {
  /** The message id: the event's id for a delivery, the alert event's for an alert. */
  msgId: string;
  /** The exact bytes sent as the body. */
  body: string;
  /** The subscription's secrets, expired ones included: the reader leaves them out. */
  secrets: SigningSecret[];
  /** When the request is made (epoch ms): it is signed, and decides which secrets are still valid. */
  now: number;
}

/**
 * The headers of every request Hookline sends to a subscriber, deliveries and alerts alike: one
 * signature per secret still valid at `now` (so that a rotation needs no downtime), the JSON content
 * type and the user agent. Kept in one place so that a subscriber verifies both with the same code.
 */
export function signedRequestHeaders(input: SignedRequestInput): Record<string, string> {
  const secrets = validSecrets({ secrets: input.secrets }, new Date(input.now));
  return {
    ...signDelivery({ msgId: input.msgId, timestamp: input.now / 1000, body: input.body, secrets }),
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
  };
}
