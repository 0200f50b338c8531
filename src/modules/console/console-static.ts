import { Logger, type INestApplication } from '@nestjs/common';
import express from 'express';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { projectRoot } from '../../platform/project-root.js';
import { negotiatesItself } from '../../platform/http/content-negotiation.js';

/** Where `make build` (vite) writes the console; see console/vite.config.mjs. */
export const consoleDir = () => join(projectRoot(), 'dist', 'console');

/**
 * The console may only talk to this API and load its own files: no CDN, no fonts, no framing.
 * Styles allow 'unsafe-inline' because the chart library sizes its canvas with style attributes.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function securityHeaders(res: ServerResponse, path: string): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
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
