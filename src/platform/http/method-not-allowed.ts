import { NotFoundException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/app-error.js';

interface RouteLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  match(path: string): boolean;
}
interface ExpressApp {
  router?: { stack: RouteLayer[] };
}

/**
 * The methods the app's routes answer on a path (HEAD with GET, as Express serves it). A static
 * route (/webhooks/batch) hides the parameterised one that would also match (/webhooks/:id): the
 * document names only the static path's methods there.
 */
export function routeMethods(app: ExpressApp, path: string): string[] {
  // Wildcard routes are middleware mounted for every method (rate limits, auth), not endpoints.
  const matching = (app.router?.stack ?? []).filter(
    (layer) => layer.route && !String(layer.route.path).includes('*') && layer.match(path),
  );
  const isStatic = (layer: RouteLayer) => !String(layer.route!.path).includes(':');
  const routes = matching.some(isStatic) ? matching.filter(isStatic) : matching;
  const methods = new Set<string>();
  for (const layer of routes)
    for (const [method, on] of Object.entries(layer.route!.methods))
      if (on && method !== '_all') methods.add(method.toUpperCase());
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * The router's "no route" (a NotFoundException, not our AppError) on a path that exists with
 * other methods becomes 405 with `Allow` (RFC 9110); an unknown path stays 404.
 */
export function methodNotAllowed(app: ExpressApp, req: IncomingMessage, exception: unknown): AppError | undefined {
  if (!(exception instanceof NotFoundException)) return undefined;
  const path = (req.url ?? '/').split('?')[0];
  const allowed = routeMethods(app, path);
  if (!allowed.length || allowed.includes(req.method ?? '')) return undefined;
  return new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; allowed: ${allowed.join(', ')}.`, [], {
    Allow: allowed.join(', '),
  });
}
