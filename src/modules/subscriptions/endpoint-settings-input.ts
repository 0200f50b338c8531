import { checkClientCertificate, MAX_PEM_LENGTH } from '../../platform/egress/client-certificates.js';
import {
  AUTH_TYPES,
  OAUTH2_CLIENT_AUTH,
  reservedHeaderReason,
  type EndpointAuth,
} from '../../platform/egress/endpoint-credentials.js';
import type { FieldError } from '../../platform/errors/app-error.js';
import type { AuthView, HeaderView, StoredAuth, StoredHeader, StoredHeaders } from './endpoint-settings.js';
import { urlSyntaxErrors } from './url-checks.js';

export const MAX_HEADERS = 20;
export const HEADER_NAME_MAX_LENGTH = 64;
export const HEADER_VALUE_MAX_LENGTH = 1024;
/** RFC 9110 token. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII and inner spaces: nothing that could end a header line. */
export const HEADER_VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

export type GivenHeader = { name: string; keep: StoredHeader } | { name: string; value: string; secret: boolean };
/** The auth to store: unchanged (its stored form), a new credential, or none. */
export type GivenAuth = { keep: StoredAuth } | { set: EndpointAuth } | null;

/** What a patch started from: the stored settings and the view its document showed of them. */
export interface CurrentEndpoint {
  headers: StoredHeaders;
  auth: StoredAuth | null;
  view: { headers: Record<string, HeaderView>; auth: AuthView | null };
}

/**
 * Problems no schema states (the document states every other rule of headers and auth): a
 * certificate and key that are not a valid pair, names that differ only in case, Authorization
 * beside auth. A batch is refused whole for the others, as its schema says.
 */
export const SEMANTIC_CODES: ReadonlySet<string> = new Set(['INVALID_CERTIFICATE', 'DUPLICATE', 'CONFLICTS_WITH_AUTH']);

export interface EndpointInput {
  headers: GivenHeader[];
  auth: GivenAuth;
}

/**
 * The same JSON value, whatever objects hold it: a patched document's values may be made in another
 * realm (structuredClone), whose prototypes a strict deep equality would tell apart.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const printable = (max: number) => new RegExp(`^[\\x20-\\x7e]{1,${max}}$`);

/**
 * Validates `headers` and `auth` as a client wrote them. In a patch, a header or an auth equal to
 * what the document showed keeps its stored (sealed) value: secrets are never shown, so the client
 * cannot send them back; anything else is a new value and must be whole.
 */
export function parseEndpointInput(
  raw: { headers?: unknown; auth?: unknown },
  current?: CurrentEndpoint,
): { errors: FieldError[]; input: EndpointInput } {
  const authResult = parseAuth(raw.auth, current);
  const headerResult = parseHeaders(raw.headers, authResult.auth !== null, current);
  return {
    errors: [...headerResult.errors, ...authResult.errors],
    input: { headers: headerResult.headers, auth: authResult.auth },
  };
}

function parseHeaders(raw: unknown, authSet: boolean, current?: CurrentEndpoint) {
  const errors: FieldError[] = [];
  const headers: GivenHeader[] = [];
  if (raw === undefined || raw === null) return { errors, headers };
  if (!isObject(raw))
    return {
      errors: [{ field: 'headers', code: 'INVALID_TYPE', message: 'headers must be an object of name → value' }],
      headers,
    };
  const entries = Object.entries(raw);
  if (entries.length > MAX_HEADERS)
    errors.push({ field: 'headers', code: 'TOO_MANY', message: `headers allows at most ${MAX_HEADERS} headers` });
  const seen = new Set<string>();
  for (const [name, value] of entries.slice(0, MAX_HEADERS + 1)) {
    const field = `headers.${name.slice(0, HEADER_NAME_MAX_LENGTH)}`;
    const nameError = headerNameError(name, authSet, seen);
    if (nameError) errors.push({ field, ...nameError });
    seen.add(name.toLowerCase());
    const stored = current?.headers[name];
    if (stored && current && sameJson(value, current.view.headers[name])) {
      headers.push({ name, keep: stored });
      continue;
    }
    const given = headerValue(value, carriesCredential(name));
    if ('message' in given) {
      errors.push({ field, ...given });
      continue;
    }
    headers.push({ name, ...given });
  }
  return { errors, headers };
}

function headerNameError(name: string, authSet: boolean, seen: Set<string>): Omit<FieldError, 'field'> | undefined {
  if (name.length > HEADER_NAME_MAX_LENGTH || !HEADER_NAME.test(name))
    return { code: 'INVALID', message: `header names are HTTP tokens of 1-${HEADER_NAME_MAX_LENGTH} characters` };
  const reserved = reservedHeaderReason(name, false);
  if (reserved) return { code: 'RESERVED_HEADER', message: reserved };
  const withAuth = reservedHeaderReason(name, authSet);
  if (withAuth) return { code: 'CONFLICTS_WITH_AUTH', message: withAuth };
  if (seen.has(name.toLowerCase()))
    return { code: 'DUPLICATE', message: 'header names are case-insensitive: this one is given twice' };
  return undefined;
}

/**
 * Names whose values are credentials whatever the request says: `Authorization`, `Cookie`, and
 * names that speak of a key, token, secret, password, credential, session or auth. Their values are
 * sealed and never shown, as the security model promises for endpoint credentials; a header
 * written as a plain string by mistake must not come back in every read and rebuilt request.
 */
const CREDENTIAL_HEADER = /^(authorization|cookie)$|key|token|secret|passw|credential|session|auth/i;

const carriesCredential = (name: string): boolean => CREDENTIAL_HEADER.test(name);

/**
 * A value written as a string (not secret), or as {value, secret}; always secret when its name
 * carries a credential. The message never quotes it.
 */
function headerValue(
  value: unknown,
  credential: boolean,
): { value: string; secret: boolean } | { code: string; message: string } {
  const written = typeof value === 'string' ? { value, secret: false } : isObject(value) ? value : undefined;
  if (!written)
    return { code: 'INVALID_TYPE', message: 'a header is a string, or {"value": string, "secret": boolean}' };
  const unknown = Object.keys(written).find((k) => k !== 'value' && k !== 'secret');
  if (unknown)
    return { code: 'UNKNOWN_FIELD', message: `a header has value and secret only, not ${unknown.slice(0, 64)}` };
  if (written.secret !== undefined && typeof written.secret !== 'boolean')
    return { code: 'INVALID_TYPE', message: 'secret must be true or false' };
  if (typeof written.value !== 'string')
    return { code: 'REQUIRED', message: 'a new or changed header needs its value (secret values are never shown)' };
  if (written.value.length > HEADER_VALUE_MAX_LENGTH)
    return { code: 'TOO_LONG', message: `header values are at most ${HEADER_VALUE_MAX_LENGTH} characters` };
  if (!HEADER_VALUE.test(written.value))
    return { code: 'INVALID', message: 'header values are visible ASCII, with no leading or trailing space' };
  return { value: written.value, secret: credential || written.secret === true };
}

/** The fields of each type, and which are required; every one a string. */
const AUTH_FIELDS: Record<EndpointAuth['type'], { required: string[]; optional: string[] }> = {
  basic: { required: ['username', 'password'], optional: [] },
  bearer: { required: ['token'], optional: [] },
  oauth2_client_credentials: {
    required: ['token_url', 'client_id', 'client_secret'],
    optional: ['scope', 'audience', 'client_auth'],
  },
  mtls: { required: ['certificate', 'private_key'], optional: [] },
};

/** Per field: its syntax and bounds; each message names what is wrong, never the value. */
const FIELD_RULES: Record<string, { pattern: RegExp; message: string }> = {
  username: { pattern: /^[\x20-\x39\x3b-\x7e]{1,256}$/, message: 'is 1-256 visible ASCII characters without ":"' },
  password: { pattern: printable(256), message: 'is 1-256 visible ASCII characters' },
  token: { pattern: /^[\x21-\x7e]{1,4096}$/, message: 'is 1-4096 visible ASCII characters without spaces' },
  token_url: { pattern: /^[\x21-\x7e]{1,2048}$/, message: 'is an absolute https URL of at most 2048 characters' },
  client_id: { pattern: printable(256), message: 'is 1-256 visible ASCII characters' },
  client_secret: { pattern: printable(1024), message: 'is 1-1024 visible ASCII characters' },
  scope: { pattern: printable(1024), message: 'is 1-1024 visible ASCII characters (space-separated scopes)' },
  audience: { pattern: printable(1024), message: 'is 1-1024 visible ASCII characters' },
  client_auth: {
    pattern: new RegExp(`^(${OAUTH2_CLIENT_AUTH.join('|')})$`),
    message: `is one of ${OAUTH2_CLIENT_AUTH.join(', ')}`,
  },
  certificate: {
    pattern: new RegExp(`^[\\s\\S]{1,${MAX_PEM_LENGTH}}$`),
    message: `is a PEM chain of at most ${MAX_PEM_LENGTH} characters`,
  },
  private_key: {
    pattern: new RegExp(`^[\\s\\S]{1,${MAX_PEM_LENGTH}}$`),
    message: `is a PEM key of at most ${MAX_PEM_LENGTH} characters`,
  },
};

function parseAuth(raw: unknown, current?: CurrentEndpoint): { errors: FieldError[]; auth: GivenAuth } {
  if (raw === undefined || raw === null) return { errors: [], auth: null };
  if (current?.auth && sameJson(raw, current.view.auth)) return { errors: [], auth: { keep: current.auth } };
  const invalid = (field: string, code: string, message: string) => ({
    errors: [{ field, code, message }],
    auth: null,
  });
  if (!isObject(raw)) return invalid('auth', 'INVALID_TYPE', 'auth must be an object with a type');
  const type = raw.type as EndpointAuth['type'];
  if (!(AUTH_TYPES as readonly unknown[]).includes(type))
    return invalid('auth.type', 'INVALID_VALUE', `auth.type is one of ${AUTH_TYPES.join(', ')}`);
  const { required, optional } = AUTH_FIELDS[type];
  const errors: FieldError[] = [];
  for (const key of Object.keys(raw))
    if (key !== 'type' && !required.includes(key) && !optional.includes(key))
      errors.push({
        field: `auth.${key.slice(0, 64)}`,
        code: 'UNKNOWN_FIELD',
        message: `${type} auth has no field ${key.slice(0, 64)}`,
      });
  for (const key of [...required, ...optional]) {
    const value = raw[key];
    // A patch's document shows an absent optional field as null.
    if ((value === undefined || value === null) && optional.includes(key)) continue;
    const field = `auth.${key}`;
    if (value === undefined)
      errors.push({ field, code: 'REQUIRED', message: `${field} is required (a changed credential is given whole)` });
    else if (typeof value !== 'string')
      errors.push({ field, code: 'INVALID_TYPE', message: `${field} must be a string` });
    else if (!FIELD_RULES[key].pattern.test(value))
      errors.push({ field, code: 'INVALID', message: `${field} ${FIELD_RULES[key].message}` });
  }
  if (errors.length) return { errors, auth: null };
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
  const auth = {
    ...given,
    ...(type === 'oauth2_client_credentials' && { client_auth: raw.client_auth ?? 'basic' }),
  } as EndpointAuth;
  return { errors: semanticErrors(auth), auth: { set: auth } };
}

/** What the syntax cannot say: an https token URL, a certificate that fits its key and has not expired. */
function semanticErrors(auth: EndpointAuth): FieldError[] {
  if (auth.type === 'oauth2_client_credentials') return urlSyntaxErrors('auth.token_url', auth.token_url);
  if (auth.type !== 'mtls') return [];
  const check = checkClientCertificate(auth.certificate, auth.private_key);
  return check.ok
    ? []
    : [{ field: `auth.${check.field}`, code: 'INVALID_CERTIFICATE', message: `auth.${check.message}` }];
}
