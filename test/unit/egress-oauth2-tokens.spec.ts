import fc from 'fast-check';
import { endpointCredentials, type EndpointAuth } from '../../src/platform/egress/endpoint-credentials.js';
import {
  DEFAULT_TOKEN_LIFETIME_S,
  OAuth2Tokens,
  parseTokenAnswer,
  MAX_TOKEN_KEEP_MS,
  MIN_TOKEN_KEEP_MS,
  tokenKeepMs,
  TokenRequestError,
  type TokenAnswer,
} from '../../src/platform/egress/oauth2-tokens.js';

const oauth2 = (over: Partial<Extract<EndpointAuth, { type: 'oauth2_client_credentials' }>> = {}): EndpointAuth => ({
  type: 'oauth2_client_credentials',
  token_url: 'https://auth.example/token',
  client_id: 'client',
  client_secret: 'secret',
  client_auth: 'basic',
  ...over,
});
const answer = (body: object, status = 200): TokenAnswer => ({
  outcome: status < 300 ? 'success' : 'http_error',
  status,
  body: Buffer.from(JSON.stringify(body)),
});

/** A token endpoint under the test's control: each request waits until the test answers it. */
function controlledEndpoint() {
  const pending: { form: string; headers: Record<string, string>; answer: (a: TokenAnswer) => void }[] = [];
  const exchange = (_url: string, form: string, headers: Record<string, string>) =>
    new Promise<TokenAnswer>((resolve) => pending.push({ form, headers, answer: resolve }));
  return { pending, exchange };
}

describe('tokenKeepMs: how long a token is used', () => {
  it('is its lifetime less 60 s, or half its lifetime when that is shorter than two minutes', () => {
    expect(tokenKeepMs(3600)).toBe(3_540_000);
    expect(tokenKeepMs(120)).toBe(60_000);
    expect(tokenKeepMs(100)).toBe(50_000);
    expect(tokenKeepMs(5)).toBe(2_500);
  });

  it('keeps a token at least 2 s, even one that says it expired (not one token request per delivery)', () => {
    expect(MIN_TOKEN_KEEP_MS).toBe(2_000);
    expect(tokenKeepMs(3)).toBe(MIN_TOKEN_KEEP_MS);
    expect(tokenKeepMs(0)).toBe(MIN_TOKEN_KEEP_MS);
    expect(tokenKeepMs(-5)).toBe(MIN_TOKEN_KEEP_MS);
    expect(tokenKeepMs(Number.NaN)).toBe(MIN_TOKEN_KEEP_MS);
    expect(tokenKeepMs(-Infinity)).toBe(MIN_TOKEN_KEEP_MS);
  });

  it('keeps a token at most 24 h, even one that says it lives for ever', () => {
    expect(MAX_TOKEN_KEEP_MS).toBe(86_400_000);
    expect(tokenKeepMs(1e308)).toBe(MAX_TOKEN_KEEP_MS);
    expect(tokenKeepMs(Infinity)).toBe(MAX_TOKEN_KEEP_MS);
    expect(tokenKeepMs(365 * 86_400)).toBe(MAX_TOKEN_KEEP_MS);
  });

  it('is a finite time between the bounds, whatever the lifetime', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, 1e308, -1e308)), (lifetime) => {
        const keep = tokenKeepMs(lifetime);
        expect(Number.isInteger(keep)).toBe(true);
        expect(keep).toBeGreaterThanOrEqual(MIN_TOKEN_KEEP_MS);
        expect(keep).toBeLessThanOrEqual(MAX_TOKEN_KEEP_MS);
      }),
    );
  });

  it('between the bounds, never reaches the expiry, never leaves more than 60 s, and never uses less than half', () => {
    fc.assert(
      fc.property(fc.double({ min: 4, max: 86_400 + 60, noNaN: true }), (lifetime) => {
        const keep = tokenKeepMs(lifetime);
        expect(keep).toBeLessThan(lifetime * 1000);
        expect(keep).toBeGreaterThanOrEqual(Math.floor((lifetime * 1000) / 2));
        expect(lifetime * 1000 - keep).toBeLessThanOrEqual(60_000 + 1);
      }),
    );
  });
});

describe('OAuth2Tokens', () => {
  let now = 1_000_000;
  const clock = () => now;
  const credentials = endpointCredentials('sub-1', {}, oauth2());

  it('asks once for any number of concurrent callers, and they all get that token', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    const callers = Array.from({ length: 50 }, () => tokens.get(credentials));
    expect(endpoint.pending).toHaveLength(1);
    endpoint.pending[0].answer(answer({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 5 }));
    expect(new Set(await Promise.all(callers))).toEqual(new Set(['tok-1']));
  });

  it('uses a token until its keep time, then asks for the next one', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    const first = tokens.get(credentials);
    endpoint.pending[0].answer(answer({ access_token: 'tok-1', expires_in: 5 }));
    expect(await first).toBe('tok-1');
    now += 2_499;
    expect(await tokens.get(credentials)).toBe('tok-1');
    expect(endpoint.pending).toHaveLength(1);
    now += 1;
    const second = tokens.get(credentials);
    expect(endpoint.pending).toHaveLength(2);
    endpoint.pending[1].answer(answer({ access_token: 'tok-2', expires_in: 5 }));
    expect(await second).toBe('tok-2');
  });

  it('holds nothing of a forgotten subscription, not even the token asked for as it was forgotten', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    const first = tokens.get(credentials);
    endpoint.pending[0].answer(answer({ access_token: 'tok-1', expires_in: 3600 }));
    await first;
    tokens.forget('sub-1');
    const during = tokens.get(credentials);
    expect(endpoint.pending).toHaveLength(2);
    tokens.forget('sub-1');
    endpoint.pending[1].answer(answer({ access_token: 'tok-2', expires_in: 3600 }));
    expect(await during).toBe('tok-2');
    void tokens.get(credentials);
    expect(endpoint.pending).toHaveLength(3);
  });

  it('shares a failure with the callers that waited for it, and asks again on the next call', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    const waiting = [tokens.get(credentials), tokens.get(credentials)];
    endpoint.pending[0].answer(answer({ error: 'invalid_client' }, 401));
    for (const caller of waiting)
      await expect(caller).rejects.toThrow(
        new TokenRequestError('the token endpoint answered HTTP 401 (invalid_client)'),
      );
    const again = tokens.get(credentials);
    expect(endpoint.pending).toHaveLength(2);
    endpoint.pending[1].answer(answer({ access_token: 'tok-3' }));
    expect(await again).toBe('tok-3');
  });

  it('drops a refused token only if it is still the one held, and asks again for other credentials', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    const first = tokens.get(credentials);
    endpoint.pending[0].answer(answer({ access_token: 'tok-a', expires_in: 3600 }));
    await first;
    tokens.invalidate(credentials, 'some-older-token');
    expect(await tokens.get(credentials)).toBe('tok-a');
    tokens.invalidate(credentials, 'tok-a');
    void tokens.get(credentials);
    expect(endpoint.pending).toHaveLength(2);
    const changed = endpointCredentials('sub-1', {}, oauth2({ client_secret: 'rotated' }));
    void tokens.get(changed);
    expect(endpoint.pending).toHaveLength(3);
  });

  it('authenticates the client with Basic, each part form-encoded (RFC 6749 §2.3.1), or in the body', async () => {
    const endpoint = controlledEndpoint();
    const tokens = new OAuth2Tokens(endpoint.exchange, clock);
    void tokens.get(
      endpointCredentials('b', {}, oauth2({ client_id: 'a b:c', client_secret: 's&é', scope: 'x y', audience: 'api' })),
    );
    const basic = endpoint.pending[0];
    expect(basic.headers.authorization).toBe(`Basic ${Buffer.from('a+b%3Ac:s%26%C3%A9').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(basic.form))).toEqual({
      grant_type: 'client_credentials',
      scope: 'x y',
      audience: 'api',
    });
    void tokens.get(endpointCredentials('p', {}, oauth2({ client_auth: 'post' })));
    const post = endpoint.pending[1];
    expect(post.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(post.form))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client',
      client_secret: 'secret',
    });
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });
});

describe('parseTokenAnswer', () => {
  const parse = (body: unknown) =>
    parseTokenAnswer(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));

  it('takes a Bearer token and its lifetime; a missing lifetime is the default', () => {
    expect(parse({ access_token: 'abc', token_type: 'bearer', expires_in: 30 })).toEqual({
      token: 'abc',
      lifetime: 30,
    });
    expect(parse({ access_token: 'abc', expires_in: '30' })).toEqual({ token: 'abc', lifetime: 30 });
    expect(parse({ access_token: 'abc' })).toEqual({ token: 'abc', lifetime: DEFAULT_TOKEN_LIFETIME_S });
  });

  it.each([
    ['not JSON', 'oops'],
    ['no token', { token_type: 'Bearer' }],
    ['an empty token', { access_token: '' }],
    ['a token that could end a header', { access_token: 'abc\r\nx-injected: 1' }],
    ['a token with a space', { access_token: 'a b' }],
    ['a token of another type', { access_token: 'abc', token_type: 'DPoP' }],
  ])('refuses %s', (_what, body) => {
    expect(() => parse(body)).toThrow(TokenRequestError);
  });
});
