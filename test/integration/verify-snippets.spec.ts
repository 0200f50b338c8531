import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { VECTORS_PATH, type SignatureVector } from '../support/signature-vectors.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SNIPPETS = join(ROOT, 'packages/verify/snippets');
// Go's caches stay inside the repository's ignored .cache/, writable whatever HOME is.
const GO_ENV = {
  GOCACHE: join(ROOT, '.cache/go/build'),
  GOPATH: join(ROOT, '.cache/go/path'),
  GOTOOLCHAIN: 'local',
};

interface Snippet {
  language: string;
  command: string;
  versionArgs: string[];
  args: (vectorsPath: string) => string[];
  env?: Record<string, string>;
}

/** Python with the snippet's one dependency (PyCA cryptography, for Ed25519), made once in .cache. */
const PYTHON = execFileSync(join(ROOT, 'deploy/local/python-verify.sh'), { encoding: 'utf8' }).trim();

const SNIPPETS_BY_LANGUAGE: Snippet[] = [
  {
    language: 'python',
    command: PYTHON,
    versionArgs: ['--version'],
    args: (p) => [join(SNIPPETS, 'verify_vectors.py'), p],
  },
  {
    language: 'go',
    command: 'go',
    versionArgs: ['version'],
    args: (p) => ['run', join(SNIPPETS, 'verify_vectors.go'), p],
    env: GO_ENV,
  },
  { language: 'java', command: 'java', versionArgs: ['-version'], args: (p) => [join(SNIPPETS, 'Verify.java'), p] },
];

/** A missing toolchain fails the test with a message that says what to install, never a silent skip. */
function run(snippet: Snippet, args: string[]) {
  const result = spawnSync(snippet.command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...snippet.env },
    timeout: 4 * 60_000,
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${snippet.command} is not on PATH: the ${snippet.language} verification snippet needs it ` +
        '(python3, go and java 17+ must all be installed to run test/integration/verify-snippets.spec.ts)',
    );
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('signature verification snippets', () => {
  const vectors = JSON.parse(readFileSync(join(ROOT, VECTORS_PATH), 'utf8')) as { vectors: SignatureVector[] };
  const scratch = mkdtempSync(join(tmpdir(), 'hookline-verify-snippets-'));
  // One expectation turned around: every snippet must notice and fail (an ed25519 one: v1a is checked too).
  const flipped = structuredClone(vectors);
  const victim = flipped.vectors.find((v) => v.name.includes('ed25519') && v.name.includes('wrong public key'))!;
  victim.expected = { valid: true };
  const flippedPath = join(scratch, 'flipped-vectors.json');

  beforeAll(() => {
    mkdirSync(GO_ENV.GOCACHE, { recursive: true });
    writeFileSync(flippedPath, JSON.stringify(flipped));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each(SNIPPETS_BY_LANGUAGE.map((s) => [s.language, s] as const))(
    '%s checks every vector and agrees with each',
    (_language, snippet) => {
      expect(run(snippet, snippet.versionArgs).status).toBe(0);
      const { status, output } = run(snippet, snippet.args(join(ROOT, VECTORS_PATH)));
      expect(output).toContain(`${snippet.language}: ${vectors.vectors.length} passed, 0 failed`);
      expect(status).toBe(0);
    },
    5 * 60_000,
  );

  it.each(SNIPPETS_BY_LANGUAGE.map((s) => [s.language, s] as const))(
    '%s exits non-zero and names the vector when a result differs',
    (_language, snippet) => {
      const { status, output } = run(snippet, snippet.args(flippedPath));
      expect(output).toContain(`MISMATCH ${victim.name}`);
      expect(output).toContain(`${vectors.vectors.length - 1} passed, 1 failed`);
      expect(status).toBe(1);
    },
    5 * 60_000,
  );
});
