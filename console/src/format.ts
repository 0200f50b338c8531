/** Display helpers shared by the pages. */
export const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
export const ms = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n} ms`);
export const short = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** Attempt outcomes that are failures, for colouring. */
export const isFailure = (outcome: string) => outcome !== 'success';

export function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}
