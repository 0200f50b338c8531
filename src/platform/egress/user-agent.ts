import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../project-root.js';

/**
 * `Hookline/<version>`, the version read once from package.json: the User-Agent of every request
 * Hookline sends out (deliveries, verification challenges, test events, alerts, OAuth2 token requests).
 */
export const USER_AGENT = `Hookline/${(JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version}`;
