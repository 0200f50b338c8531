import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  REGENERATE_DOCS_COMMAND,
  generateReferencePages,
} from '../../../src/devtools/reference-docs/reference-docs.js';
import { projectRoot } from '../../../src/platform/project-root.js';

/**
 * The committed reference pages are what the code generates today: a variable, a metric or a route
 * changed without regenerating fails here, naming the command that brings the pages up to date.
 */
describe('the generated reference pages', () => {
  it('match the configuration classes, the metric definitions and the OpenAPI document', async () => {
    const drifted = (await generateReferencePages())
      .filter((page) => readFileSync(page.path, 'utf8') !== page.text)
      .map((page) => relative(projectRoot(), page.path));
    if (drifted.length > 0) {
      throw new Error(`${drifted.join(', ')} out of date with the code: run \`${REGENERATE_DOCS_COMMAND}\``);
    }
    expect(drifted).toEqual([]);
  }, 60_000);
});
