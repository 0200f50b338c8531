/**
 * How an exchange ended. `auth_error`: the endpoint's credentials failed: the OAuth2 token endpoint
 * gave no token, the endpoint answered 401 to the credential it was sent, or it refused the client
 * certificate during the handshake.
 */
export type EgressOutcome =
  'success' | 'http_error' | 'timeout' | 'connect_error' | 'tls_error' | 'dns_error' | 'blocked' | 'auth_error';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL']);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
  'ETIMEDOUT',
  'ABORT_ERR',
]);
/** TLS alerts the server sends about the client's certificate: refused, expired, revoked, unknown, missing. */
const CLIENT_CERTIFICATE_ALERT =
  /^ERR_SSL_(SSLV3|TLSV1|TLSV13)_ALERT_(BAD_CERTIFICATE|CERTIFICATE_[A-Z_]+|UNKNOWN_CA|ACCESS_DENIED|UNSUPPORTED_CERTIFICATE)$/;
const TLS_CODE =
  /^(CERT_|UNABLE_TO_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The error and everything it wraps (cause chains, AggregateError from happy-eyeballs connects). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 8) return;
  const e = error as ErrorLike;
  // DOMException carries a numeric legacy code; only string codes are meaningful here.
  yield { name: e.name, message: e.message, code: typeof e.code === 'string' ? e.code : undefined };
  yield* chain(e.cause, depth + 1);
  for (const inner of e.errors ?? []) yield* chain(inner, depth + 1);
}

/**
 * Maps a failed request to an outcome the retry policy can act on. The most specific evidence
 * wins: a refused address, a refused client certificate (when one was presented), then DNS, TLS
 * and timeouts, and anything else on the wire is a connection error.
 */
export function classifyEgressError(
  error: unknown,
  presentedCertificate = false,
): { outcome: EgressOutcome; message: string } {
  const all = [...chain(error)];
  const codes = all.map((e) => e.code ?? '');
  const message = describe(all);
  if (codes.includes('EGRESS_BLOCKED')) return { outcome: 'blocked', message };
  // The server's verdict on the certificate we presented: the credential failed, not the transport.
  if (presentedCertificate && codes.some((c) => CLIENT_CERTIFICATE_ALERT.test(c)))
    return { outcome: 'auth_error', message: `the endpoint refused the client certificate (${message})` };
  if (codes.some((c) => DNS_CODES.has(c))) return { outcome: 'dns_error', message };
  if (codes.some((c) => TLS_CODE.test(c))) return { outcome: 'tls_error', message };
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || all.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError'))
    return { outcome: 'timeout', message };
  return { outcome: 'connect_error', message };
}

function describe(all: ErrorLike[]): string {
  const specific = all.find((e) => e.code && !e.code.startsWith('UND_ERR_SOCKET')) ?? all[0];
  const text = specific?.message || 'request failed';
  return specific?.code && !text.includes(specific.code) ? `${specific.code}: ${text}` : text;
}
