import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { generateClientFiles, REGENERATE_COMMAND } from '../../../src/devtools/typescript-client.js';
import { projectRoot } from '../../../src/platform/project-root.js';

/**
 * The committed client (clients/typescript) is what the document generates today: a DTO or route
 * changed without regenerating fails here, naming the command that brings the files up to date.
 */
describe('the generated TypeScript client', () => {
  it('matches the OpenAPI document byte for byte', async () => {
    const drifted = (await generateClientFiles())
      .filter((file) => readFileSync(file.path, 'utf8') !== file.text)
      .map((file) => relative(projectRoot(), file.path));
    if (drifted.length > 0) {
      throw new Error(`${drifted.join(', ')} out of date with the OpenAPI document: run \`${REGENERATE_COMMAND}\``);
    }
    expect(drifted).toEqual([]);
  }, 30_000);
});
