import { EgressClient } from '../../src/platform/egress/egress-client.js';
import { expectData } from '../support/api-client.js';
import { ConnectProxy } from '../support/connect-proxy.js';
import { requiring, TokenIssuer } from '../support/endpoint-auth.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * Fixed source addresses: with EGRESS_PROXY_URL set, every request to endpoints (verification
 * challenges, deliveries, OAuth2 token requests, alerts) leaves through a real CONNECT proxy
 * (tinyproxy, with credentials), which connects onwards from 127.0.0.2: a receiver sees that address
 * on every request. The IP policy judges each target before the CONNECT, and the tunnel is asked
 * for the judged address, never for a name the proxy would resolve again.
 */
describe('egress through an HTTP CONNECT proxy', () => {
  let h: PipelineHarness;
  let proxy: ConnectProxy;
  let tokens: TokenIssuer;

  beforeAll(async () => {
    proxy = await new ConnectProxy().start();
    h = await PipelineHarness.start({
      env: { EGRESS_PROXY_URL: proxy.url, RETRY_SCHEDULE: '1s,2s', EGRESS_ALLOW_CIDRS: '127.0.0.0/8' },
    });
    tokens = new TokenIssuer(await new HttpsReceiver(h.receiver).start(), 'proxied-client', 'proxied-secret');
  });
  afterAll(async () => {
    await tokens?.server.stop();
    await h?.close();
    await proxy?.stop();
  });

  it('sends challenges, deliveries, token requests and alerts through the proxy, to the checked address', async () => {
    const port = h.receiver.port;
    h.receiver.responder = (req) => {
      if (req.path === '/failing' && !req.body.includes('url_verification')) return { status: 500 };
      if (req.path === '/oauth') return requiring((r) => tokens.accepts(r.headers.authorization))(req);
      if (req.path === '/failing' || req.path === '/alerts')
        return requiring(
          (r) => r.headers.authorization === basicOf('ops', 'alert-pw') && r.headers['x-team'] === 'ops',
        )(req);
      return requiring(() => true)(req);
    };
    // A host name: the proxy is asked for the address it resolved to here, not for the name.
    const oauth = expectData(
      await h.api.POST('/webhooks', {
        body: {
          url: `https://localhost:${port}/oauth`,
          events: ['order.*'],
          auth: {
            type: 'oauth2_client_credentials',
            token_url: tokens.url,
            client_id: 'proxied-client',
            client_secret: 'proxied-secret',
          },
        },
      }),
      201,
    );
    const failing = expectData(
      await h.api.POST('/webhooks', {
        body: {
          url: h.receiver.url('/failing'),
          alert_url: h.receiver.url('/alerts'),
          events: ['payment.*'],
          headers: { 'X-Team': 'ops' },
          auth: { type: 'basic', username: 'ops', password: 'alert-pw' },
        },
      }),
      201,
    );
    const order = envelope('order.created', {});
    const payment = envelope('payment.failed', {});
    await h.publish([order, payment]);
    await eventually(
      () => h.receiver.deliveries('/oauth').some((r) => r.headers['webhook-id'] === order.id),
      20_000,
      'the delivery',
    );
    await eventually(() => h.receiver.deliveries('/alerts').length > 0, 30_000, 'the alert');
    expect(oauth.id).toBeDefined();
    expect(failing.id).toBeDefined();

    const paths = new Set(h.receiver.requests.map((r) => r.path));
    expect([...paths].sort()).toEqual(['/alerts', '/failing', '/oauth']);
    expect(tokens.requests).toBeGreaterThan(0);
    // Every request, to every server, came from the proxy's outbound address.
    const sources = [...h.receiver.requests, ...tokens.server.requests].map((r) => r.remoteAddress);
    expect(new Set(sources)).toEqual(new Set([proxy.outboundAddress]));
    // Tunnels were asked for judged addresses only, never for a name.
    const tunnels = proxy.tunnels();
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([`127.0.0.1:${port}`, `127.0.0.1:${tokens.server.port}`]));
    // The alert carried the subscription's headers and auth, as the challenge and deliveries did.
    const alert = h.receiver.deliveries('/alerts')[0];
    expect(alert.headers.authorization).toBe(basicOf('ops', 'alert-pw'));
    expect(alert.headers['x-team']).toBe('ops');
  }, 60_000);

  it('judges the target before asking for a tunnel: a refused address never reaches the proxy', async () => {
    const egress = h.app.get(EgressClient);
    const before = proxy.tunnels().length;
    const result = await egress.post('https://10.20.30.40/hook', { body: '{}' });
    expect(result.outcome).toBe('blocked');
    const named = await egress.post('https://169.254.169.254.nip.invalid/hook', { body: '{}' });
    expect(named.outcome).toBe('dns_error');
    expect(proxy.tunnels().length).toBe(before);
    expect(proxy.log()).not.toContain('10.20.30.40');
  });
});
