export * from '../../src/devtools/https-receiver.js';

import { echoChallenge, type Responder } from '../../src/devtools/https-receiver.js';

/**
 * A responder under which `path` fails (500) until `healed()` says otherwise; verification
 * challenges and every other path are answered as usual. For exhaust-then-redrive scenarios.
 */
export const failingUntilHealed =
  (path: string, healed: () => boolean): Responder =>
  (req) =>
    req.path === path && !healed() && !req.body.includes('url_verification') ? { status: 500 } : echoChallenge(req);
