const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whether the fields an RFC 3339 pattern matched name a real instant: a day on the calendar
 * (Date.parse rolls 2026-02-30 over to March 2), a time of day, an offset within a day. `match`
 * holds, from its first group: year, month, day, hour, minute, second, offset hours, offset
 * minutes (absent ones read as 0).
 */
export function isRealInstant(match: RegExpExecArray, text: string): boolean {
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1, 9)
    .map((n) => Number(n ?? 0));
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59 &&
    !Number.isNaN(Date.parse(text))
  );
}
