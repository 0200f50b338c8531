import { MAX_PEM_LENGTH } from '../../platform/egress/client-certificates.js';
import {
  OAUTH2_CLIENT_AUTH,
  RESERVED_HEADER_NAMES,
  RESERVED_HEADER_PREFIXES,
} from '../../platform/egress/endpoint-credentials.js';
import {
  HEADER_NAME,
  HEADER_VALUE,
  HEADER_NAME_MAX_LENGTH,
  HEADER_VALUE_MAX_LENGTH,
  MAX_HEADERS,
} from './endpoint-settings-input.js';
import { CERTIFICATE_WARNING_DAYS } from './endpoint-settings.js';

/** The document's side of endpoint-settings-input.ts: the same rules, so a schema-valid value is accepted. */

const anyCase = (text: string) =>
  [...text]
    .map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[-.]/g, '\\$&')))
    .join('');
const RESERVED_PATTERN = `^(?:${[
  ...RESERVED_HEADER_NAMES.map(anyCase),
  ...RESERVED_HEADER_PREFIXES.map((prefix) => `${anyCase(prefix)}.*`),
].join('|')})$`;

const printable = (max: number, description?: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: `^[\\x20-\\x7e]{1,${max}}$`,
  ...(description && { description }),
});
const string = (description: string, extra: object = {}) => ({ type: 'string', description, ...extra });

const headerValue = { type: 'string', minLength: 1, maxLength: HEADER_VALUE_MAX_LENGTH, pattern: HEADER_VALUE.source };

export const HEADERS_INPUT_SCHEMA = {
  type: 'object',
  nullable: true,
  maxProperties: MAX_HEADERS,
  propertyNames: {
    minLength: 1,
    maxLength: HEADER_NAME_MAX_LENGTH,
    pattern: HEADER_NAME.source,
    not: { pattern: RESERVED_PATTERN },
  },
  additionalProperties: {
    oneOf: [
      { ...headerValue, description: 'The value, not secret (unless the name carries a credential)' },
      {
        type: 'object',
        required: ['value'],
        additionalProperties: false,
        properties: {
          value: headerValue,
          secret: {
            type: 'boolean',
            default: false,
            description: 'Encrypted at rest and never shown again; always so for a name that carries a credential',
          },
        },
      },
    ],
  },
  example: { 'X-Tenant': 'acme', 'X-Api-Key': { value: 'k-8f2c…', secret: true } },
  description:
    `Static headers sent with every request to the endpoint: up to ${MAX_HEADERS}, names HTTP tokens (the ` +
    'signature headers, webhook-*, Host, Content-Length, Content-Type, User-Agent, Expect, hop-by-hop headers ' +
    'including proxy-*, and trace context are reserved, and Authorization while auth is set). A secret value is encrypted at rest and never returned. ' +
    'A header whose name carries a credential (Authorization, Cookie, or a name with key, token, secret, passw, credential, session or auth) is always secret.',
};

const BASIC = {
  type: 'object',
  title: 'basic',
  required: ['type', 'username', 'password'],
  properties: {
    type: { type: 'string', enum: ['basic'] },
    username: { ...printable(256), pattern: '^[\\x20-\\x39\\x3b-\\x7e]{1,256}$', description: 'Without ":"' },
    password: printable(256),
  },
};
const BEARER = {
  type: 'object',
  title: 'bearer',
  required: ['type', 'token'],
  properties: {
    type: { type: 'string', enum: ['bearer'] },
    token: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]{1,4096}$' },
  },
};
const OAUTH2_PUBLIC = {
  token_url: string('The token endpoint: an https URL with a public host', {
    format: 'uri',
    maxLength: 2048,
    pattern: '^https://[\\x21-\\x7e]*$',
  }),
  client_id: printable(256),
  // null as absent: a read shows an absent scope or audience as null, and may be sent back.
  scope: { ...printable(1024, 'Space-separated scopes'), nullable: true },
  audience: {
    ...printable(1024, 'Sent as the audience parameter (Auth0, Okta and others ask for it)'),
    nullable: true,
  },
  client_auth: {
    type: 'string',
    nullable: true,
    enum: OAUTH2_CLIENT_AUTH,
    default: 'basic',
    description: 'basic: HTTP Basic with the client id and secret (RFC 6749 §2.3.1); post: both in the form body',
  },
};
const OAUTH2 = {
  type: 'object',
  title: 'oauth2_client_credentials',
  required: ['type', 'token_url', 'client_id', 'client_secret'],
  properties: {
    type: { type: 'string', enum: ['oauth2_client_credentials'] },
    ...OAUTH2_PUBLIC,
    client_secret: printable(1024),
  },
};
const pem = (description: string) => ({ type: 'string', minLength: 1, maxLength: MAX_PEM_LENGTH, description });
const MTLS = {
  type: 'object',
  title: 'mtls',
  required: ['type', 'certificate', 'private_key'],
  properties: {
    type: { type: 'string', enum: ['mtls'] },
    certificate: pem('PEM chain, the client certificate first; it must not have expired'),
    private_key: pem("The certificate's unencrypted PEM private key"),
  },
};

export const AUTH_INPUT_SCHEMA = {
  nullable: true,
  oneOf: [BASIC, BEARER, OAUTH2, MTLS],
  discriminator: { propertyName: 'type' },
  description:
    'How the endpoint authenticates Hookline besides the signature; null removes it. Every credential is ' +
    'encrypted at rest and never returned: reads show the type and the fields that are not secret. It is ' +
    'replaced whole: send every field again to change one.',
};

const CERTIFICATE_VIEW = {
  type: 'object',
  required: ['subject', 'issuer', 'not_before', 'not_after', 'fingerprint_sha256', 'expires_soon'],
  properties: {
    subject: { type: 'string' },
    issuer: { type: 'string' },
    not_before: { type: 'string', format: 'date-time' },
    not_after: { type: 'string', format: 'date-time' },
    fingerprint_sha256: { type: 'string' },
    expires_soon: { type: 'boolean', description: `The certificate expires within ${CERTIFICATE_WARNING_DAYS} days` },
  },
};
const nullableText = { type: 'string', nullable: true };

export const AUTH_VIEW_SCHEMA = {
  nullable: true,
  oneOf: [
    {
      type: 'object',
      title: 'basic',
      required: ['type', 'username'],
      properties: { type: { type: 'string', enum: ['basic'] }, username: { type: 'string' } },
    },
    { type: 'object', title: 'bearer', required: ['type'], properties: { type: { type: 'string', enum: ['bearer'] } } },
    {
      type: 'object',
      title: 'oauth2_client_credentials',
      required: ['type', 'token_url', 'client_id', 'scope', 'audience', 'client_auth'],
      properties: {
        type: { type: 'string', enum: ['oauth2_client_credentials'] },
        token_url: { type: 'string' },
        client_id: { type: 'string' },
        scope: nullableText,
        audience: nullableText,
        client_auth: { type: 'string', enum: OAUTH2_CLIENT_AUTH },
      },
    },
    {
      type: 'object',
      title: 'mtls',
      required: ['type', 'certificate'],
      properties: { type: { type: 'string', enum: ['mtls'] }, certificate: CERTIFICATE_VIEW },
    },
  ],
  discriminator: { propertyName: 'type' },
  description: 'The type and the fields that are not secret; null when the endpoint needs only the signature',
};

export const HEADERS_VIEW_SCHEMA = {
  type: 'object',
  additionalProperties: {
    oneOf: [
      {
        type: 'object',
        required: ['secret'],
        additionalProperties: false,
        properties: { secret: { type: 'boolean', enum: [true] } },
      },
      {
        type: 'object',
        required: ['secret', 'value'],
        additionalProperties: false,
        properties: { secret: { type: 'boolean', enum: [false] }, value: { type: 'string' } },
      },
    ],
  },
  description: 'Static headers: a secret one by name only',
};
