import { signDelivery, type SignatureHeaders } from '../../src/platform/egress/signer.js';
import { ed25519Vectors } from './signature-vectors-ed25519.js';
import type { SignatureScheme, VerificationErrorCode } from '../../packages/verify/src/index.js';

/**
 * schemas/signature-test-vectors.json, derived from Hookline's own signer: every header value in
 * the file comes out of signDelivery (some then deliberately damaged), so the vectors that
 * consumers check their verifiers against cannot drift from what production sends.
 * test/unit/verify/signature-vectors.spec.ts compares the file with buildSignatureVectors().
 */

export const VECTORS_PATH = 'schemas/signature-test-vectors.json';
export const TOLERANCE_SECONDS = 300;

export type Expected = { valid: true } | { valid: false; error: VerificationErrorCode };

export interface SignatureVector {
  name: string;
  scheme: SignatureScheme;
  /** The secret the consumer verifies with. */
  secret: string;
  /** The exact request body, as received. */
  body: string;
  /** The request's signature headers, lowercase. */
  headers: Record<string, string>;
  /** The consumer's clock, unix seconds. */
  now: number;
  expected: Expected;
}

export const SIGNED_AT = 1767225600; // 2026-01-01T00:00:00Z
export const EVENT_ID = 'evt_01JGXK3Q8Z5N4M2P7R9T6V1W0Y';
const PLAIN_SECRET = 'hookline-vector-secret-plain-0001';
export const NEW_SECRET = 'hookline-vector-secret-rotated-new';
const OLD_SECRET = 'hookline-vector-secret-rotated-old';
const WRONG_SECRET = 'hookline-vector-secret-not-this-one';
// whsec_ + base64 of 32 bytes: signs Standard Webhooks base64-decoded, the other two as UTF-8 text.
const WHSEC_SECRET = `whsec_${Buffer.from('hookline vector key, 32 bytes!!!').toString('base64')}`;
export const BODY = JSON.stringify({
  id: EVENT_ID,
  type: 'order.created',
  created_at: '2026-01-01T00:00:00Z',
  data: { order_id: 'o_1', total: 4200 },
});
// Multi-byte UTF-8 (2, 3 and 4 bytes), and a JSON escape that must stay six characters, not é.
export const UNICODE_BODY =
  '{"id":"evt_unicode","type":"customer.updated","data":{"name":"Zoë Ångström","city":"東京","note":"🚀 caf\\u00e9"}}';

export const SCHEME_HEADERS: Record<SignatureScheme, (keyof SignatureHeaders)[]> = {
  'x-signature': ['x-signature'],
  'x-webhook-signature': ['x-webhook-signature'],
  'standard-webhooks': ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
};
const SIGNATURE_HEADER: Record<SignatureScheme, keyof SignatureHeaders> = {
  'x-signature': 'x-signature',
  'x-webhook-signature': 'x-webhook-signature',
  'standard-webhooks': 'webhook-signature',
};

interface Case {
  name: string;
  /** What Hookline signed: the secrets valid at its end, the body and the time. */
  signedWith?: readonly string[];
  signedBody?: string;
  /** Defaults: the first signing secret, the signed body, ten seconds after signing. */
  secret?: string;
  body?: string;
  now?: number;
  damage?: (headers: Record<string, string>) => void;
  expected: Expected;
}

export const VALID = { valid: true } as const;
export const invalid = (error: VerificationErrorCode): Expected => ({ valid: false, error });

function vector(scheme: SignatureScheme, c: Case): SignatureVector {
  const secrets = c.signedWith ?? [PLAIN_SECRET];
  const signedBody = c.signedBody ?? BODY;
  const all = signDelivery({ msgId: EVENT_ID, timestamp: SIGNED_AT, body: signedBody, secrets });
  const headers: Record<string, string> = {};
  for (const name of SCHEME_HEADERS[scheme]) headers[name] = all[name];
  c.damage?.(headers);
  const now = c.now ?? SIGNED_AT + 10;
  return {
    name: `${scheme}: ${c.name}`,
    scheme,
    secret: c.secret ?? secrets[0],
    body: c.body ?? signedBody,
    headers,
    now,
    expected: c.expected,
  };
}

/** Cases every scheme shares: secrets, rotation, bodies, and a missing signature header. */
function sharedCases(scheme: SignatureScheme): Case[] {
  const signatureHeader = SIGNATURE_HEADER[scheme];
  return [
    { name: 'valid, plain secret', expected: VALID },
    { name: 'valid, whsec_ secret', signedWith: [WHSEC_SECRET], expected: VALID },
    {
      name: 'valid during a rotation, verified with the old secret',
      signedWith: [NEW_SECRET, OLD_SECRET],
      secret: OLD_SECRET,
      expected: VALID,
    },
    {
      name: 'valid during a rotation, verified with the new secret',
      signedWith: [NEW_SECRET, OLD_SECRET],
      secret: NEW_SECRET,
      expected: VALID,
    },
    { name: 'valid, non-ASCII body', signedBody: UNICODE_BODY, expected: VALID },
    {
      name: 'invalid, tampered body',
      body: BODY.replace('"o_1"', '"o_2"'),
      expected: invalid('no_matching_signature'),
    },
    { name: 'invalid, one byte added to the body', body: `${BODY}\n`, expected: invalid('no_matching_signature') },
    { name: 'invalid, wrong secret', secret: WRONG_SECRET, expected: invalid('no_matching_signature') },
    {
      name: 'invalid, rotation signatures but neither secret',
      signedWith: [NEW_SECRET, OLD_SECRET],
      secret: WRONG_SECRET,
      expected: invalid('no_matching_signature'),
    },
    {
      name: `invalid, no ${signatureHeader} header`,
      damage: (h) => delete h[signatureHeader],
      expected: invalid('missing_header'),
    },
  ];
}

/** Cases of the two forms that sign a time. */
function timestampCases(scheme: 'x-webhook-signature' | 'standard-webhooks'): Case[] {
  const moveTime = (h: Record<string, string>) => {
    if (scheme === 'standard-webhooks') h['webhook-timestamp'] = String(SIGNED_AT + 60);
    else h['x-webhook-signature'] = h['x-webhook-signature'].replace(`t=${SIGNED_AT}`, `t=${SIGNED_AT + 60}`);
  };
  return [
    {
      name: 'valid at the edge of the tolerance, 300 s after signing',
      now: SIGNED_AT + TOLERANCE_SECONDS,
      expected: VALID,
    },
    {
      name: 'invalid, stale timestamp 301 s old',
      now: SIGNED_AT + TOLERANCE_SECONDS + 1,
      expected: invalid('timestamp_outside_tolerance'),
    },
    {
      name: 'invalid, timestamp 301 s in the future',
      now: SIGNED_AT - TOLERANCE_SECONDS - 1,
      expected: invalid('timestamp_outside_tolerance'),
    },
    {
      name: 'invalid, timestamp changed after signing',
      damage: moveTime,
      now: SIGNED_AT + 70,
      expected: invalid('no_matching_signature'),
    },
  ];
}

const malformedCases: Record<SignatureScheme, Case[]> = {
  'x-signature': [
    {
      name: 'valid a day later: X-Signature signs no time, so it cannot refuse a replay',
      now: SIGNED_AT + 86_400,
      expected: VALID,
    },
    {
      name: 'malformed, colon instead of =',
      damage: (h) => (h['x-signature'] = h['x-signature'].replace('sha256=', 'sha256:')),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, 63 hex digits',
      damage: (h) => (h['x-signature'] = h['x-signature'].slice(0, -1)),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, only an unknown algorithm',
      damage: (h) => (h['x-signature'] = h['x-signature'].replace('sha256=', 'sha1=')),
      expected: invalid('malformed_header'),
    },
  ],
  'x-webhook-signature': [
    {
      name: 'malformed, no t=',
      damage: (h) => (h['x-webhook-signature'] = h['x-webhook-signature'].replace(/^t=\d+,/, '')),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, t= is not an integer',
      damage: (h) =>
        (h['x-webhook-signature'] = h['x-webhook-signature'].replace(`t=${SIGNED_AT}`, `t=${SIGNED_AT}.0`)),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, no v1=',
      damage: (h) => (h['x-webhook-signature'] = `t=${SIGNED_AT}`),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, v1= is not hex',
      damage: (h) => (h['x-webhook-signature'] = h['x-webhook-signature'].replace(/v1=[0-9a-f]{2}/, 'v1=zz')),
      expected: invalid('malformed_header'),
    },
  ],
  'standard-webhooks': [
    {
      name: 'invalid, webhook-id changed after signing',
      damage: (h) => (h['webhook-id'] = 'evt_other'),
      expected: invalid('no_matching_signature'),
    },
    {
      name: 'invalid, no webhook-id header',
      damage: (h) => delete h['webhook-id'],
      expected: invalid('missing_header'),
    },
    {
      name: 'invalid, no webhook-timestamp header',
      damage: (h) => delete h['webhook-timestamp'],
      expected: invalid('missing_header'),
    },
    {
      name: 'malformed, webhook-timestamp is not an integer',
      damage: (h) => (h['webhook-timestamp'] = `${SIGNED_AT}.5`),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, no comma after v1',
      damage: (h) => (h['webhook-signature'] = h['webhook-signature'].replace('v1,', 'v1:')),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, signature is not base64 of 32 bytes',
      damage: (h) => (h['webhook-signature'] = 'v1,bm90IGEgc2lnbmF0dXJl'),
      expected: invalid('malformed_header'),
    },
    {
      name: 'malformed, only an unknown version',
      damage: (h) => (h['webhook-signature'] = h['webhook-signature'].replace('v1,', 'v1a,')),
      expected: invalid('malformed_header'),
    },
  ],
};

export function buildSignatureVectors() {
  const schemes: SignatureScheme[] = ['x-signature', 'x-webhook-signature', 'standard-webhooks'];
  const vectors = schemes.flatMap((scheme) =>
    [
      ...sharedCases(scheme),
      ...(scheme === 'x-signature' ? [] : timestampCases(scheme)),
      ...malformedCases[scheme],
    ].map((c) => vector(scheme, c)),
  );
  vectors.push(...ed25519Vectors());
  return {
    description:
      "Hookline webhook signature test vectors, generated from Hookline's signer (src/platform/egress/signer.ts). " +
      'Verify `body` (UTF-8) with `headers` and `secret` for `scheme` at time `now` (unix seconds) with a tolerance ' +
      'of `toleranceSeconds`; the result must be `expected`. A `secret` written whpk_<base64> is an Ed25519 public ' +
      'key: it checks the Standard Webhooks v1a signatures (and ignores v1). Errors: missing_header, ' +
      'malformed_header, timestamp_outside_tolerance, no_matching_signature.',
    toleranceSeconds: TOLERANCE_SECONDS,
    vectors,
  };
}
