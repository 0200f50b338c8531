import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_STATUS, documentationUrl, type ErrorCode } from '../../../src/platform/errors/error-codes.js';
import { anchorsOf, brokenLinks, linksOf } from '../../support/docs/markdown-links.js';

const pages = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file))
    .sort(),
];

/** Every link of README.md and docs/ resolves: the file exists and so does the heading it names. */
describe('documentation links', () => {
  it.each(pages)('%s has no broken link', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it.each(Object.keys(ERROR_STATUS) as ErrorCode[])(
    'the documentation_url of %s names a section of docs/errors.md',
    (code) => {
      const url = new URL(documentationUrl(code));
      expect(url.pathname).toMatch(/\/docs\/errors\.md$/);
      expect([...anchorsOf(readFileSync('docs/errors.md', 'utf8'))]).toContain(url.hash.slice(1));
    },
  );
});

describe('the link checker', () => {
  it('makes anchors as GitHub does: markup dropped, punctuation removed, repeats numbered', () => {
    const anchors = anchorsOf(
      [
        '# Delivery semantics',
        '## `POST /v1/webhooks/{id}`',
        '## Order: `sequence` and `previous_event_id`',
        '## Notes',
        '## Notes',
        '<a id="custom"></a>',
      ].join('\n\n'),
    );
    expect([...anchors].sort()).toEqual(
      [
        'custom',
        'delivery-semantics',
        'notes',
        'notes-1',
        'order-sequence-and-previous_event_id',
        'post-v1webhooksid',
      ].sort(),
    );
  });

  it('finds links and images in prose and tables, never in code', () => {
    const text = [
      'See [a](a.md#x) and ![pic](p.png).',
      '',
      '| col |',
      '| --- |',
      '| [b](b.md) |',
      '',
      '```',
      '[not](a link.md)',
      '```',
      '',
      'and `[nor](this.md)`.',
    ].join('\n');
    expect(linksOf(text).map((l) => [l.target, l.line])).toEqual([
      ['a.md#x', 1],
      ['p.png', 1],
      ['b.md', 5],
    ]);
  });

  it('reports a missing file, a missing heading and an anchor into a file that has none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'target.md'), '# Target\n\n## Known part\n');
    writeFileSync(join(dir, 'data.json'), '{}');
    const page = join(dir, 'page.md');
    writeFileSync(
      page,
      [
        '# Page',
        '[ok](sub/target.md#known-part) [self](#page) [external](https://example.com/x#y)',
        '[gone](sub/missing.md) [no heading](sub/target.md#unknown) [json](data.json#key) [here](#nowhere)',
      ].join('\n\n'),
    );
    const problems = brokenLinks(page).map((p) => p.replace(/^.*?:(\d+) → /, '$1 → '));
    expect(problems).toEqual([
      expect.stringMatching(/^5 → sub\/missing\.md: no such file/),
      expect.stringMatching(/^5 → sub\/target\.md#unknown: no heading #unknown/),
      expect.stringMatching(/^5 → data\.json#key: an anchor into a file that has none/),
      expect.stringMatching(/^5 → #nowhere: no heading #nowhere/),
    ]);
  });
});
