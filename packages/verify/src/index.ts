export {
  MalformedHeaderError,
  MissingHeaderError,
  NoMatchingSignatureError,
  TimestampOutsideToleranceError,
  WebhookVerificationError,
  type VerificationErrorCode,
} from './errors.js';
export type { HeadersLike } from './headers.js';
export { PUBLIC_KEY_PREFIX, standardWebhooksKey, type SignatureScheme } from './schemes.js';
export { ed25519KeyPair, SECRET_KEY_PREFIX, sign, type SignedHeaders, type SignInput } from './sign.js';
export { DEFAULT_TOLERANCE_SECONDS, verifyWebhook, type VerifiedDelivery, type VerifyOptions } from './verify.js';
