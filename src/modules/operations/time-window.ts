import { AppError, type FieldError } from '../../platform/errors/app-error.js';

const DAY_MS = 86_400_000;

export interface WindowRules {
  startField: string;
  endField: string;
  /** Oldest start accepted, in days before now (what retention keeps). */
  retentionDays?: number;
  retentionReason?: string;
}

/**
 * Resolves a time window of a request: the end defaults to now and is never later than now (so an
 * operation's selection is fixed when it is requested, and a retry selects the same), the start
 * must precede it and, with retentionDays, lie within what is still stored. All problems together.
 */
export function resolveWindow(
  start: string | undefined,
  end: string | undefined,
  rules: WindowRules,
  now = new Date(),
): { start: string | null; end: string } {
  const details: FieldError[] = [];
  const endAt = end === undefined ? now : new Date(Math.min(Date.parse(end), now.getTime()));
  const startAt = start === undefined ? null : new Date(start);
  if (startAt && startAt >= endAt) {
    details.push({
      field: rules.startField,
      code: 'OUT_OF_RANGE',
      message: `${rules.startField} must be before ${rules.endField} (and before now)`,
    });
  }
  if (startAt && rules.retentionDays && startAt.getTime() < now.getTime() - rules.retentionDays * DAY_MS) {
    details.push({
      field: rules.startField,
      code: 'OUT_OF_RANGE',
      message: `${rules.startField} must be within the last ${rules.retentionDays} days: ${rules.retentionReason}`,
    });
  }
  if (details.length) throw AppError.validation(details);
  return { start: startAt?.toISOString() ?? null, end: endAt.toISOString() };
}
