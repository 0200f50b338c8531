import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { counter, histogram } from './metrics.js';

const LABELS = ['method', 'route', 'status_code'] as const;
const requests = counter('hookline_http_requests_total', 'API requests by method, route and status', LABELS);
const duration = histogram(
  'hookline_http_request_duration_seconds',
  'API request latency by method, route and status',
  LABELS,
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

type RoutedRequest = IncomingMessage & { route?: { path?: string }; baseUrl?: string };

/**
 * The route template (`/v1/subscriptions/:id`), never the raw path, so ids do not explode the
 * series; requests no route took (404s, early rejections) share one label.
 */
export function routeLabel(req: RoutedRequest): string {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : 'unmatched';
}

/**
 * Counts and times every API request on the server's own 'request' event, so answers given by
 * early middleware (negotiation, auth, rate limits) are counted too, whatever their order.
 */
@Injectable()
export class HttpMetrics implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as
      | { prependListener(event: 'request', listener: (req: IncomingMessage, res: ServerResponse) => void): void }
      | undefined;
    server?.prependListener('request', (req, res) => {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const labels = { method: req.method ?? 'OTHER', route: routeLabel(req), status_code: String(res.statusCode) };
        requests.inc(labels);
        duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
    });
  }
}
