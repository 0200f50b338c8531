/**
 * Fastify: verify a Hookline delivery over the raw body bytes.
 * In your app, import from '@hookline/verify' instead of '../src/index.js'.
 *
 * The trap: Fastify's JSON parser hands the handler an object, not the bytes that were signed.
 * Inside an encapsulated plugin (so the rest of the app keeps the default parser), JSON is read
 * as a Buffer; a preHandler hook verifies it and only then parses it.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { verifyWebhook, WebhookVerificationError, type VerifyOptions } from '../src/index.js';

export const hooklineWebhooks: FastifyPluginAsync<{ verify: VerifyOptions }> = async (instance, { verify }) => {
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  instance.addHook('preHandler', async (request, reply) => {
    const raw = request.body as Buffer;
    try {
      verifyWebhook(raw, request.headers, verify);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return reply.code(401).send({ error: { code: error.code, message: error.message } });
    }
    try {
      request.body = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.code(400).send({ error: { code: 'INVALID_FORMAT', message: 'body is not JSON' } });
    }
  });

  instance.post('/hookline', async (request) => ({ received: (request.body as { id: string }).id }));
};

export async function createFastifyReceiver(options: VerifyOptions): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  await app.register(hooklineWebhooks, { prefix: '/webhooks', verify: options });
  return app;
}
