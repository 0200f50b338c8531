import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/project-root.js';

/** `Hookline/<version>`, the version read once from package.json. */
export const USER_AGENT = `Hookline/${(JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version}`;
