import { Foundation1732240000000 } from './1732240000000-foundation.js';

/** Every migration in order; listed explicitly because the service runs as ES modules (no globbing). */
export const migrations = [Foundation1732240000000];
