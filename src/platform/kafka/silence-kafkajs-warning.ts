/**
 * kafkajs 2.2's request queue schedules its throttle check with a negative delay when no request
 * is throttled; Node ≥ 23 reports that as a TimeoutNegativeWarning and runs it after 1 ms, which
 * is what kafkajs meant. Filtered so that operators' logs carry only warnings that matter.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  const name = warning instanceof Error ? warning.name : type;
  if (name === 'TimeoutNegativeWarning') return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
