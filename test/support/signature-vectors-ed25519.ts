import { createHash } from 'node:crypto';
import {
  ed25519PublicKey,
  ed25519SigningKey,
  hmacSigningKey,
  signWithKeys,
  type SigningKey,
} from '../../src/platform/egress/signer.js';
import {
  BODY,
  EVENT_ID,
  invalid,
  NEW_SECRET,
  SCHEME_HEADERS,
  SIGNED_AT,
  TOLERANCE_SECONDS,
  UNICODE_BODY,
  VALID,
  type Expected,
  type SignatureVector,
} from './signature-vectors.js';

/** Fixed Ed25519 keys (Ed25519 signs deterministically, so the vectors are stable). */
const seed = (name: string) => createHash('sha256').update(`hookline vector ed25519 ${name}`).digest();
const ED_NEW = seed('new');
const ED_OLD = seed('old');
const ED_WRONG = seed('wrong');
const publicKey = (s: Buffer) => `whpk_${ed25519PublicKey(s).toString('base64')}`;

interface Ed25519Case {
  name: string;
  /** What signed, newest first: Ed25519 seeds, or an HMAC secret (a change of scheme). */
  signedWith?: (Buffer | string)[];
  /** The public key the consumer verifies with; default the first Ed25519 key's. */
  verifyWith?: Buffer;
  signedBody?: string;
  body?: string;
  now?: number;
  damage?: (headers: Record<string, string>) => void;
  expected: Expected;
}

/** Standard Webhooks v1a: an ed25519 subscription's deliveries, verified with its whpk_ public key. */
function ed25519Vector(c: Ed25519Case): SignatureVector {
  const signers = c.signedWith ?? [ED_NEW];
  const keys: SigningKey[] = signers.map((k) => (typeof k === 'string' ? hmacSigningKey(k) : ed25519SigningKey(k)));
  const signedBody = c.signedBody ?? BODY;
  const all = signWithKeys({ msgId: EVENT_ID, timestamp: SIGNED_AT, body: signedBody }, keys);
  const headers: Record<string, string> = {};
  for (const name of SCHEME_HEADERS['standard-webhooks']) headers[name] = all[name]!;
  c.damage?.(headers);
  const verifyWith = c.verifyWith ?? signers.find((k): k is Buffer => Buffer.isBuffer(k)) ?? ED_NEW;
  return {
    name: `standard-webhooks (ed25519): ${c.name}`,
    scheme: 'standard-webhooks',
    secret: publicKey(verifyWith),
    body: c.body ?? signedBody,
    headers,
    now: c.now ?? SIGNED_AT + 10,
    expected: c.expected,
  };
}

/** Built when asked, after the shared constants exist (the two modules import each other). */
const ed25519Cases = (): Ed25519Case[] => [
  { name: 'valid, whpk_ public key', expected: VALID },
  {
    name: 'valid during a rotation, verified with the old key',
    signedWith: [ED_NEW, ED_OLD],
    verifyWith: ED_OLD,
    expected: VALID,
  },
  {
    name: 'valid during a rotation, verified with the new key',
    signedWith: [ED_NEW, ED_OLD],
    verifyWith: ED_NEW,
    expected: VALID,
  },
  {
    name: 'valid while the scheme changes: a v1 and a v1a signature',
    signedWith: [ED_NEW, NEW_SECRET],
    expected: VALID,
  },
  { name: 'valid, non-ASCII body', signedBody: UNICODE_BODY, expected: VALID },
  { name: 'invalid, tampered body', body: BODY.replace('"o_1"', '"o_2"'), expected: invalid('no_matching_signature') },
  { name: 'invalid, wrong public key', verifyWith: ED_WRONG, expected: invalid('no_matching_signature') },
  {
    name: 'invalid, stale timestamp 301 s old',
    now: SIGNED_AT + TOLERANCE_SECONDS + 1,
    expected: invalid('timestamp_outside_tolerance'),
  },
  {
    name: 'invalid, webhook-id changed after signing',
    damage: (h) => (h['webhook-id'] = 'evt_other'),
    expected: invalid('no_matching_signature'),
  },
  {
    name: 'malformed, a v1a signature is not 64 bytes of base64',
    damage: (h) => (h['webhook-signature'] = h['webhook-signature'].slice(0, 40)),
    expected: invalid('malformed_header'),
  },
  {
    name: 'malformed, only v1 (HMAC) signatures for a public key',
    signedWith: [NEW_SECRET],
    verifyWith: ED_NEW,
    expected: invalid('malformed_header'),
  },
];

/** The ed25519 vectors of schemas/signature-test-vectors.json. */
export function ed25519Vectors(): SignatureVector[] {
  return ed25519Cases().map(ed25519Vector);
}
