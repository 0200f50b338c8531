import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExpressReceiver } from '../../packages/verify/examples/express.js';
import { createFastifyReceiver } from '../../packages/verify/examples/fastify.js';
import { createNestReceiver } from '../../packages/verify/examples/nestjs.js';
import type { VerifyOptions } from '../../packages/verify/src/index.js';
import { signDelivery } from '../../src/platform/egress/signer.js';

const secret = 'whsec_' + Buffer.from('middleware example key, 32 byte').toString('base64');
const options: VerifyOptions = { secret };
// Spacing, an escape and non-ASCII text: re-serialising the parsed body would not give these bytes back.
const body = '{ "id": "evt_mw_1", "type": "order.created", "data": { "note": "caf\\u00e9 – Zoë 🚀" } }';

interface Receiver {
  url: string;
  close(): Promise<unknown>;
}

const receivers: Record<string, () => Promise<Receiver>> = {
  async express() {
    const server: Server = createExpressReceiver(options).listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { url: urlOf(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
  async fastify() {
    const app = await createFastifyReceiver(options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: urlOf(app.server), close: () => app.close() };
  },
  async nestjs() {
    const app = await createNestReceiver(options);
    await app.listen(0, '127.0.0.1');
    return { url: urlOf(app.getHttpServer()), close: () => app.close() };
  },
};

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/hookline`;

/** Hookline's own signer signs, the example middleware verifies, over real HTTP. */
function post(url: string, sentBody: string, signedAt = Math.floor(Date.now() / 1000), signedBody = sentBody) {
  const signature = signDelivery({ msgId: 'evt_mw_1', timestamp: signedAt, body: signedBody, secrets: [secret] });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signature },
    body: sentBody,
  });
}

describe.each(Object.keys(receivers))('%s example middleware', (framework) => {
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await receivers[framework]();
  });
  afterAll(() => receiver?.close());

  it('accepts a correctly signed delivery and hands the parsed event to the handler', async () => {
    const response = await post(receiver.url, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 'evt_mw_1' });
  });

  it('answers 401 to a tampered body', async () => {
    const response = await post(receiver.url, body.replace('evt_mw_1', 'evt_mw_2'), undefined, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'no_matching_signature' } });
  });

  it('answers 401 to a stale timestamp', async () => {
    const response = await post(receiver.url, body, Math.floor(Date.now() / 1000) - 301);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'timestamp_outside_tolerance' } });
  });

  it('answers 401 when the signature headers are missing', async () => {
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'missing_header' } });
  });
});
