import { signWithKeys, type SigningKey } from '../../../platform/egress/signer.js';
import { USER_AGENT } from '../../../platform/egress/user-agent.js';

export interface SignedRequestInput {
  /** The message id: the event's id for a delivery, the alert event's for an alert. */
  msgId: string;
  /** The exact bytes sent as the body. */
  body: string;
  /** The subscription's keys valid at `now`, newest first (SubscriptionSecrets.signingKeys). */
  keys: readonly SigningKey[];
  /** When the request is made (epoch ms): it is signed. */
  now: number;
}

/**
 * The headers of every request Hookline sends to a subscriber, deliveries and alerts alike: one
 * signature per key still valid (so that a rotation needs no downtime), the JSON content type and
 * the user agent. Kept in one place so that a subscriber verifies both with the same code.
 */
export function signedRequestHeaders(input: SignedRequestInput): Record<string, string> {
  const signed = signWithKeys({ msgId: input.msgId, timestamp: input.now / 1000, body: input.body }, input.keys);
  return {
    // The HMAC-only headers are left out for an ed25519-only subscription, never set to undefined.
    ...(signed as unknown as Record<string, string>),
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
  };
}
