/** Class-transformer steps shared by the environment classes: empty means unset, so the default applies. */
export const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
export const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());

/** `<number><unit>`, units ms, s, m, h, d. */
export const DURATION = /^\s*\d+(ms|s|m|h|d)\s*$/;
export const DURATION_LIST = /^\s*\d+(ms|s|m|h|d)\s*(,\s*\d+(ms|s|m|h|d)\s*)*$/;
