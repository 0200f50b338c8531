import { PipelineHarness } from '../support/harness.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TEST_DATABASE_URL } from '../support/test-config.js';

/**
 * Postgres stops answering under a running API (its connections cut, new ones refused): requests
 * answer the spec's 503 SERVICE_UNAVAILABLE with Retry-After, not a 500, and the API serves again
 * once Postgres is back.
 */
describe('API: a database outage', () => {
  const target = new URL(TEST_DATABASE_URL);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  let h: PipelineHarness;

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = new URL(TEST_DATABASE_URL);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    h = await PipelineHarness.start({ env: { ROLES: 'api', DATABASE_URL: viaProxy.toString() } });
  });
  afterAll(async () => {
    await proxy.start();
    await h?.close();
    await proxy.cut();
  });

  it('answers 503 with Retry-After while Postgres is away, and 200 once it is back', async () => {
    expect((await h.api.raw.get('/v1/webhooks')).status).toBe(200);
    await proxy.cut();

    for (const answer of [await h.api.raw.get('/v1/webhooks'), await h.api.raw.get('/v1/webhooks')]) {
      expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body.error.message).toBe('The service is temporarily unavailable. Retrying is safe.');
    }

    await proxy.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await h.api.raw.get('/v1/webhooks')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 60_000);
});
