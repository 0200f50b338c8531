/**
 * Express: verify a Hookline delivery over the raw body bytes.
 * In your app, import from '@hookline/verify' instead of '../src/index.js'.
 *
 * The trap: express.json() parses and discards the bytes that were signed, and re-serialising
 * req.body does not give them back (spacing, escapes, key order). So the webhook route reads its
 * body with express.raw() and parses JSON itself after the signature holds. Mount the route
 * before any app-wide express.json(), or that one consumes the body first.
 */
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { verifyWebhook, WebhookVerificationError, type VerifyOptions } from '../src/index.js';

export function verifyHookline(options: VerifyOptions): RequestHandler[] {
  const check = (req: Request, res: Response, next: NextFunction) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) return next(new Error('verifyHookline needs express.raw() before it'));
    try {
      res.locals.delivery = verifyWebhook(raw, req.headers, options);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) return next(error);
      return void res.status(401).json({ error: { code: error.code, message: error.message } });
    }
    try {
      req.body = JSON.parse(raw.toString('utf8'));
    } catch {
      return void res.status(400).json({ error: { code: 'INVALID_FORMAT', message: 'body is not JSON' } });
    }
    next();
  };
  return [express.raw({ type: 'application/json', limit: '1mb' }), check];
}

export function createExpressReceiver(options: VerifyOptions): Express {
  const app = express();
  app.post('/webhooks/hookline', ...verifyHookline(options), (req: Request, res: Response) => {
    // Answer at once, process afterwards: Hookline waits at most 30 s.
    res.status(200).json({ received: (req.body as { id: string }).id });
  });
  app.use(express.json()); // the rest of the app may parse JSON as usual, after the webhook route
  return app;
}
