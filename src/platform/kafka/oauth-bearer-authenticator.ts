import kafkajs, { type AuthenticationProviderArgs, type Authenticator } from 'kafkajs';

/** kafkajs's class, as its JavaScript has it (its typings declare no constructor arguments). */
const KafkaJSSASLAuthenticationError = kafkajs.KafkaJSSASLAuthenticationError as unknown as new (
  message: string,
  options: { cause?: unknown },
) => Error & { readonly retriable: boolean };

/** Where the token comes from, and where a token the brokers refused is forgotten so the next one is fetched anew. */
export interface BearerTokens {
  value(): Promise<string>;
  discard(value: string): void;
}

/**
 * The brokers refusing a bearer token: kafkajs's SASL failure, so every part of Hookline handles it
 * as it does a refused password, with the status the brokers gave (RFC 7628 §3.2.2: invalid_token,
 * insufficient_scope…) and `mechanism` to tell it from a refused password.
 */
export class OAuthBearerRefusedError extends KafkaJSSASLAuthenticationError {
  readonly mechanism = 'OAUTHBEARER';
  constructor(
    readonly broker: string,
    readonly status: string,
    cause: unknown,
  ) {
    super(`SASL OAUTHBEARER authentication failed: ${broker} refused the token (${status})`, { cause });
  }
}

/** SASL's US-ASCII SOH, the separator of RFC 7628's key-value pairs; alone, the client's answer to an error. */
const SOH = '\u0001';

/**
 * SASL/OAUTHBEARER (RFC 7628) for kafkajs, in place of kafkajs 2.2.4's own. A broker that refuses a
 * token does not fail the SaslAuthenticate request: it answers with an error challenge
 * (`{"status":"invalid_token"}`) and waits for the client to acknowledge it. kafkajs ignores the
 * challenge and counts the connection authenticated; the broker then answers the next request
 * (Metadata) with no brokers and closes the connection, and kafkajs ends in "No brokers in the
 * broker pool", a cluster seemingly away rather than a token refused. This one acknowledges the
 * challenge, as Kafka's Java client does, so the broker fails the exchange, and throws
 * OAuthBearerRefusedError; the refused token is discarded, so the next attempt fetches a new one.
 */
export function oauthBearerAuthenticator(tokens: BearerTokens) {
  return ({ host, port, saslAuthenticate }: AuthenticationProviderArgs): Authenticator => ({
    authenticate: async () => {
      const token = await tokens.value();
      const challenge = await saslAuthenticate<string>({
        request: sizedBytes(`n,,${SOH}auth=Bearer ${token}${SOH}${SOH}`),
        response: { decode: (raw) => raw, parse: challengeText },
      });
      if (!challenge) return;
      tokens.discard(token);
      let answer: unknown;
      try {
        await saslAuthenticate({ request: sizedBytes(SOH) });
      } catch (error) {
        answer = error; // the broker's SASL_AUTHENTICATION_FAILED, as expected
      }
      throw new OAuthBearerRefusedError(`${host}:${port}`, statusOf(challenge), answer);
    },
  });
}

/** A SASL payload as kafkajs sends it: BYTES, a 32-bit length before the content. */
function sizedBytes(text: string): { encode: () => Buffer } {
  const content = Buffer.from(text, 'utf8');
  const sized = Buffer.alloc(4 + content.length);
  sized.writeInt32BE(content.length, 0);
  content.copy(sized, 4);
  return { encode: () => sized };
}

/** The server's challenge, kafkajs handing it over as BYTES: empty (or null) when the token is accepted. */
export function challengeText(raw: Buffer): string {
  const length = raw.length >= 4 ? raw.readInt32BE(0) : 0;
  return length > 0 ? raw.subarray(4, 4 + length).toString('utf8') : '';
}

/** RFC 7628's error status (and the scope asked for, when the broker names one); the text itself if not JSON. */
export function statusOf(challenge: string): string {
  try {
    const { status, scope } = JSON.parse(challenge) as { status?: unknown; scope?: unknown };
    if (typeof status === 'string') return typeof scope === 'string' ? `${status}, scope ${scope}` : status;
  } catch {
    // not RFC 7628's JSON: shown as the broker sent it
  }
  return challenge.slice(0, 200);
}
