import { Logger, type INestApplication } from '@nestjs/common';
import express from 'express';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { projectRoot } from '../../platform/project-root.js';
import { negotiatesItself } from '../../platform/http/content-negotiation.js';
import { setPageSecurityHeaders } from '../../platform/http/page-security.js';

/** Where `make build` (vite) writes the console; see console/vite.config.mjs. */
export const consoleDir = () => join(projectRoot(), 'dist', 'console');

function securityHeaders(res: ServerResponse, path: string): void {
  setPageSecurityHeaders(res);
  // Hashed asset names never change content; index.html must be fetched again to pick up a new build.
  res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the web console's static build at /console (role api). It is HTML, so it negotiates
 * itself instead of the API's JSON-only rule; it needs no key to load, and every API call it makes
 * carries the signed-in key as a Bearer token.
 */
export function mountConsole(app: INestApplication): void {
  const dir = consoleDir();
  if (!existsSync(join(dir, 'index.html'))) {
    new Logger('Console').warn(`no console build in ${dir}: run make build`);
    return;
  }
  negotiatesItself(/^\/console(\/|$)/);
  app.use('/console', express.static(dir, { index: 'index.html', redirect: true, setHeaders: securityHeaders }));
}
