import type { AuthenticationProviderArgs, Logger } from 'kafkajs';
import { classifyKafkaFailure, isKafkaAccessError } from '../../../src/platform/kafka/kafka-failure.js';
import {
  challengeText,
  oauthBearerAuthenticator,
  OAuthBearerRefusedError,
} from '../../../src/platform/kafka/oauth-bearer-authenticator.js';

/** BYTES as kafkajs hands them over and sends them: a 32-bit length, then the content. */
const sized = (text: string) => {
  const content = Buffer.from(text);
  return Buffer.concat([Buffer.from([0, 0, 0, content.length]), content]);
};

/**
 * A broker's side of the exchange, as the local broker answered it (test/e2e/kafka-oauth-refused.spec.ts
 * runs it for real): the challenge it answers the token with, and its failure of the acknowledgement.
 */
function broker(challenge: string) {
  const sent: string[] = [];
  const saslAuthenticate = (async ({ request, response }) => {
    const bytes = await request.encode();
    sent.push(bytes.subarray(4).toString('utf8'));
    if (sent.length === 1) return response ? response.parse(await response.decode(sized(challenge))) : undefined;
    throw Object.assign(new Error(challenge), { name: 'KafkaJSProtocolError', type: 'SASL_AUTHENTICATION_FAILED' });
  }) as AuthenticationProviderArgs['saslAuthenticate'];
  const args = { host: '127.0.0.1', port: 9094, logger: {} as Logger, saslAuthenticate };
  return { sent, args };
}

const tokens = () => {
  const discarded: string[] = [];
  return { discarded, value: async () => 'token-1', discard: (value: string) => discarded.push(value) };
};

describe('the OAUTHBEARER exchange', () => {
  it('sends the token as RFC 7628 has it, and is done when the broker answers no challenge', async () => {
    const { sent, args } = broker('');
    const source = tokens();
    await oauthBearerAuthenticator(source)(args).authenticate();
    expect(sent).toEqual(['n,,\u0001auth=Bearer token-1\u0001\u0001']);
    expect(source.discarded).toEqual([]);
  });

  it('acknowledges an error challenge, throws the refusal with its status, and discards the token', async () => {
    const { sent, args } = broker('{"status":"invalid_token"}');
    const source = tokens();
    const refusal = await oauthBearerAuthenticator(source)(args)
      .authenticate()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(sent).toEqual(['n,,\u0001auth=Bearer token-1\u0001\u0001', '\u0001']);
    expect(refusal).toBeInstanceOf(OAuthBearerRefusedError);
    expect(refusal).toMatchObject({
      name: 'KafkaJSSASLAuthenticationError',
      retriable: false,
      status: 'invalid_token',
      message: 'SASL OAUTHBEARER authentication failed: 127.0.0.1:9094 refused the token (invalid_token)',
      cause: expect.objectContaining({ type: 'SASL_AUTHENTICATION_FAILED' }),
    });
    expect(source.discarded).toEqual(['token-1']);
  });

  it('names the scope a broker asks for', async () => {
    const { args } = broker('{"status":"insufficient_scope","scope":"kafka"}');
    await expect(oauthBearerAuthenticator(tokens())(args).authenticate()).rejects.toMatchObject({
      status: 'insufficient_scope, scope kafka',
    });
  });

  it('reads an empty or null challenge as none', () => {
    expect(challengeText(Buffer.from([0, 0, 0, 0]))).toBe('');
    expect(challengeText(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBe('');
    expect(challengeText(Buffer.alloc(0))).toBe('');
  });

  it('is classed as a refused token, with the fix for OAuth and not for a password', () => {
    const refusal = new OAuthBearerRefusedError('b:9094', 'invalid_token', undefined);
    expect(isKafkaAccessError(refusal)).toBe(true);
    const failure = classifyKafkaFailure(refusal, { principal: 'the OAuth client hookline' });
    expect(failure).toMatchObject({ code: 'kafka_authentication_failed', detail: refusal.message });
    expect(failure.fix).toContain('the brokers refused the OAuth token of the OAuth client hookline');
    expect(failure.fix).toContain('scope or audience');
    expect(failure.fix).not.toContain('password');
  });
});
