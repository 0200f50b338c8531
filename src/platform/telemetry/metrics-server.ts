import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { register } from 'prom-client';
import { AppConfig } from '../config/app-config.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * /metrics on its own listener (METRICS_PORT), never on the API's: the API port answers it 404,
 * so a public ingress exposes no metrics. With METRICS_BEARER_TOKEN set, a scrape must carry it
 * (compared in constant time). Any other path is 404; any other method 405.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Metrics');
  private server?: Server;
  private readonly token?: Buffer;

  constructor(private readonly config: AppConfig) {
    if (config.metrics.bearerToken) this.token = digest(config.metrics.bearerToken);
  }

  /** The port it listens on (the OS's choice when METRICS_PORT is 0). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 65_000; // above Prometheus' idle timeout, so a scrape never meets a closing socket
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(new Error(`metrics listener on port ${this.config.metrics.port}: ${error.message}`)),
      );
      server.listen(this.config.metrics.port, this.config.http.host, () => resolve());
    });
    this.server = server;
    this.log.log(`metrics on ${this.config.http.host}:${this.port}/metrics${this.token ? ' (bearer token)' : ''}`);
    // The listener is private by design, but a production pod's port is reachable in its cluster.
    if (!this.token && this.config.secrets.deploymentEnvironment === 'production')
      this.log.warn('metrics answer without a token: set METRICS_BEARER_TOKEN in production');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return answer(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return answer(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    if (!this.authorized(req.headers.authorization))
      return answer(res, 401, 'a bearer token is required\n', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    try {
      const body = await register.metrics();
      answer(res, 200, req.method === 'HEAD' ? '' : body, { 'Content-Type': register.contentType });
    } catch (error) {
      this.log.warn(`metrics collection failed: ${(error as Error).message}`);
      answer(res, 500, 'metrics collection failed\n');
    }
  }

  private authorized(header: string | undefined): boolean {
    if (!this.token) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return match !== null && timingSafeEqual(digest(match[1]), this.token);
  }
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}
