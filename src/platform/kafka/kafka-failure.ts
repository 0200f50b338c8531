/**
 * Why Kafka cannot be used, as a readiness reason code: the class of the failure and, for a
 * missing ACL, the topic or group it concerns. `detail` (the client's own message) and `fix` go to
 * the log only; a /health body carries the code and the resource, never a message.
 */
export type KafkaFailureCode =
  | 'kafka_authentication_failed'
  | 'kafka_authorization_failed'
  | 'kafka_tls_failed'
  | 'kafka_unreachable'
  | 'kafka_unavailable';

/**
 * Whether a failure lasts until an operator acts (credentials, certificates, ACLs), rather than
 * passing by itself as a broker that is only away does: what is worth backing off from.
 */
export const needsOperator = (code: KafkaFailureCode): boolean =>
  code === 'kafka_authentication_failed' || code === 'kafka_tls_failed' || code === 'kafka_authorization_failed';

export interface KafkaFailure {
  code: KafkaFailureCode;
  topic?: string;
  group?: string;
  detail: string;
  fix: string;
}

/** Where the failing request was going: the topics it named and the consumer group it ran in. */
export interface KafkaFailureContext {
  topics?: string[];
  group?: string;
  /** The broker list, the principal: for the fix only. */
  brokers?: string;
  principal?: string;
  /** The topics this deployment uses, for a fix when Kafka names none: "webhooks.* and events". */
  ownTopics?: string;
}

const AUTHENTICATION_TYPES = new Set([
  'SASL_AUTHENTICATION_FAILED',
  'ILLEGAL_SASL_STATE',
  'UNSUPPORTED_SASL_MECHANISM',
]);
const AUTHORIZATION_TYPES = new Set([
  'TOPIC_AUTHORIZATION_FAILED',
  'GROUP_AUTHORIZATION_FAILED',
  'CLUSTER_AUTHORIZATION_FAILED',
  'TRANSACTIONAL_ID_AUTHORIZATION_FAILED',
]);
/** Node's certificate verification codes, and OpenSSL handshake failures. */
const TLS_CODES =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_|CERT_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH)/;
/**
 * TLS alerts a broker sends when it refuses the client's certificate (RFC 8446 6.2): bad certificate
 * (42, also for none sent), unsupported (43), revoked (44), expired (45), certificate unknown (46,
 * Java's answer for an untrusted or expired one), unknown CA (48), certificate required (116).
 * Node names them ERR_SSL_SSL/TLS_ALERT_…; OpenSSL's message says "SSL alert number N".
 */
const CLIENT_CERT_REFUSED_CODES =
  /^ERR_SSL_.*ALERT_(BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_(REVOKED|EXPIRED|UNKNOWN|REQUIRED)|UNKNOWN_CA)$/;
const CLIENT_CERT_REFUSED =
  /alert (bad certificate|certificate \w+|unsupported certificate|unknown ca)|SSL alert number (42|43|44|45|46|48|116)\b/i;
/** OpenSSL refusing a certificate and a private key that do not belong together. */
const KEY_MISMATCH = /key values mismatch/i;
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNREACHABLE_NAMES = new Set([
  'KafkaJSConnectionError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSConnectionClosedError',
]);

interface ErrorShape {
  name?: string;
  type?: string;
  code?: string;
  message?: string;
  topic?: string;
  /** The SASL mechanism of a refused authentication, where Hookline's authenticator names it. */
  mechanism?: string;
  cause?: unknown;
  originalError?: unknown;
  errors?: unknown[];
}

/** Every error kafkajs nests (retries exceeded, aggregates of per-topic errors), outermost first. */
function chain(error: unknown): ErrorShape[] {
  const found: ErrorShape[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && found.length < 20) {
    const e = queue.shift() as ErrorShape | undefined;
    if (!e || typeof e !== 'object' || found.includes(e)) continue;
    found.push(e);
    queue.push(e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return found;
}

/** True for the failures an operator fixes (credentials, ACLs, certificates): never a reason to park a record. */
export function isKafkaAccessError(error: unknown): boolean {
  const code = classifyKafkaFailure(error).code;
  return code === 'kafka_authentication_failed' || code === 'kafka_authorization_failed' || code === 'kafka_tls_failed';
}

export function classifyKafkaFailure(error: unknown, where: KafkaFailureContext = {}): KafkaFailure {
  const errors = chain(error);
  const detail = errors.map((e) => e.message).find((m) => m) ?? String(error);
  const has = (test: (e: ErrorShape) => boolean) => errors.find(test);
  const denied = has((e) => e.type !== undefined && AUTHORIZATION_TYPES.has(e.type));
  if (denied) return authorization(denied, errors, where, detail);
  if (has((e) => e.name === 'KafkaJSSASLAuthenticationError' && e.mechanism === 'OAUTHBEARER'))
    return {
      code: 'kafka_authentication_failed',
      detail,
      fix: `the brokers refused the OAuth token${where.principal ? ` of ${where.principal}` : ''}: its principal (the subject), scope or audience is not what they accept, or it is expired or signed by a key they do not trust; check what the identity provider issues for KAFKA_SASL_OAUTH_CLIENT_ID and KAFKA_SASL_OAUTH_SCOPE, or the brokers' OAUTHBEARER settings (sasl.oauthbearer.expected.audience, expected.issuer, jwks.endpoint.url)`,
    };
  if (
    has(
      (e) =>
        e.name === 'KafkaJSSASLAuthenticationError' ||
        e.name === 'OAuthTokenError' ||
        AUTHENTICATION_TYPES.has(e.type ?? ''),
    )
  )
    return {
      code: 'kafka_authentication_failed',
      detail,
      fix: `Kafka refused the credentials${where.principal ? ` of ${where.principal}` : ''}: check KAFKA_SASL_MECHANISM and the user and password (or the OAuth client and token endpoint), and that the user exists on the cluster`,
    };
  const tls = tlsFailure(errors, where, detail);
  if (tls) return tls;
  if (has((e) => UNREACHABLE_CODES.has(e.code ?? '') || UNREACHABLE_NAMES.has(e.name ?? '')))
    return {
      code: 'kafka_unreachable',
      detail,
      fix: `no broker answers at ${where.brokers ?? 'KAFKA_BROKERS'}: check the addresses and ports, the network path and the brokers`,
    };
  return { code: 'kafka_unavailable', detail, fix: 'Kafka answered with an error: see the detail' };
}

/**
 * A TLS failure, told apart by which side refused: the brokers refusing our client certificate (a
 * TLS alert they sent), our certificate and key not belonging together (Node refuses them before
 * connecting), or this side not trusting the brokers (the rest).
 */
function tlsFailure(errors: ErrorShape[], where: KafkaFailureContext, detail: string): KafkaFailure | undefined {
  const matches = (test: (e: ErrorShape) => boolean) => errors.some(test);
  const brokers = where.brokers ?? 'the brokers';
  if (matches((e) => KEY_MISMATCH.test(e.message ?? '')))
    return {
      code: 'kafka_tls_failed',
      detail,
      fix: 'KAFKA_SSL_KEY_FILE is not the private key of the certificate in KAFKA_SSL_CERT_FILE: set the pair that belongs together',
    };
  if (matches((e) => CLIENT_CERT_REFUSED_CODES.test(e.code ?? '') || CLIENT_CERT_REFUSED.test(e.message ?? '')))
    return {
      code: 'kafka_tls_failed',
      detail,
      fix: `${brokers} refused this instance's client certificate: it is expired, not signed by a CA the brokers trust, or missing (KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE unset); renew it, or add its CA to the brokers' trust store`,
    };
  if (
    matches(
      (e) =>
        TLS_CODES.test(e.code ?? '') ||
        /certificate|before secure TLS connection|SSL routines|wrong version number/i.test(e.message ?? ''),
    )
  )
    return {
      code: 'kafka_tls_failed',
      detail,
      fix: `no TLS session with ${brokers}: a certificate not trusted needs KAFKA_SSL_CA_FILE set to the CA that signed it; a name mismatch needs KAFKA_BROKERS to use the names in the brokers' certificates; a TLS client on a plaintext port needs the right port or KAFKA_SECURITY_PROTOCOL`,
    };
  return undefined;
}

function authorization(
  denied: ErrorShape,
  errors: ErrorShape[],
  where: KafkaFailureContext,
  detail: string,
): KafkaFailure {
  const principal = where.principal ?? "Hookline's principal";
  const guide = '(docs/guides/managed-kafka.md lists every ACL Hookline needs)';
  if (denied.type === 'GROUP_AUTHORIZATION_FAILED')
    return {
      code: 'kafka_authorization_failed',
      group: where.group,
      detail,
      fix: `allow ${principal} READ and DESCRIBE on consumer group ${where.group ?? '(see the detail)'} ${guide}`,
    };
  if (denied.type === 'TOPIC_AUTHORIZATION_FAILED') {
    // A per-topic error (topic creation) names its topic; otherwise the request's topics do.
    const topic = errors.find((e) => typeof e.topic === 'string')?.topic ?? where.topics?.join(',');
    return {
      code: 'kafka_authorization_failed',
      topic,
      detail,
      fix: `allow ${principal} the operations Hookline needs on ${topic ? `topic ${topic}` : `the topics ${where.ownTopics ?? '(see the detail)'}`} ${guide}`,
    };
  }
  return {
    code: 'kafka_authorization_failed',
    detail,
    fix: `${principal} is denied a cluster operation (${denied.type}) ${guide}`,
  };
}
