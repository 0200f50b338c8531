import { readFileSync, writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { verifyWebhook, WebhookVerificationError } from '../../../packages/verify/src/index.js';
import {
  buildSignatureVectors,
  VECTORS_PATH,
  type Expected,
  type SignatureVector,
} from '../../support/signature-vectors.js';

/** The outcome of @hookline/verify on one vector, in the vectors' own terms. */
function outcome(v: SignatureVector, toleranceSeconds: number): Expected {
  try {
    verifyWebhook(v.body, v.headers, { secret: v.secret, scheme: v.scheme, now: v.now, toleranceSeconds });
    return { valid: true };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { valid: false, error: error.code };
    throw error;
  }
}

describe('schemas/signature-test-vectors.json', () => {
  const generated = buildSignatureVectors();

  // UPDATE_SIGNATURE_VECTORS=1 rewrites the file, after a deliberate change to the signer or the cases.
  beforeAll(async () => {
    if (!process.env.UPDATE_SIGNATURE_VECTORS) return;
    const text = await format(JSON.stringify(generated), { parser: 'json', printWidth: 120 });
    writeFileSync(VECTORS_PATH, text);
  });

  it("is exactly what Hookline's signer produces for the cases (regenerate with UPDATE_SIGNATURE_VECTORS=1)", () => {
    expect(JSON.parse(readFileSync(VECTORS_PATH, 'utf8'))).toEqual(generated);
  });

  it('covers valid, tampered, wrong-secret, stale, rotation, unicode and malformed cases for every scheme', () => {
    for (const scheme of ['x-signature', 'x-webhook-signature', 'standard-webhooks']) {
      const names = generated.vectors.filter((v) => v.scheme === scheme).map((v) => v.name);
      for (const topic of ['valid, plain', 'rotation', 'non-ASCII', 'tampered body', 'wrong secret', 'malformed'])
        expect(names.some((n) => n.includes(topic))).toBe(true);
      if (scheme !== 'x-signature') expect(names.some((n) => n.includes('stale'))).toBe(true);
    }
    const rotated = generated.vectors.find((v) => v.scheme === 'standard-webhooks' && v.name.includes('old secret'));
    expect(rotated?.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(generated.vectors.some((v) => [...v.body].some((c) => c.codePointAt(0)! > 0x7f))).toBe(true);
  });

  it.each(generated.vectors.map((v) => [v.name, v] as const))('@hookline/verify agrees: %s', (_name, v) => {
    expect(outcome(v, generated.toleranceSeconds)).toEqual(v.expected);
  });
});
