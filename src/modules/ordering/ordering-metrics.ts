import { counter } from '../../platform/telemetry/metrics.js';

/** The one counter of skips, whether dispatch moved past an exhausted head or an operator skipped it. */
export const skippedHeads = counter(
  'hookline_ordered_skipped_total',
  'Events an ordered key moved past undelivered, dead-lettered: retries exhausted (on_exhausted "skip"), 410, a refused target, or an operator',
  ['reason'],
);
