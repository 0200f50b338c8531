import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import { projectRoot } from '../../platform/project-root.js';
import { createOpenApiDocument } from '../openapi-document.js';
import { apiReference } from './api-reference.js';
import { configurationReference } from './configuration-reference.js';
import { replaceGeneratedBlock } from './generated-block.js';
import { metricsReference } from './metrics-reference.js';

export { REGENERATE_DOCS_COMMAND } from './generated-block.js';

/** The pages whose generated blocks come from the code, and the block each holds. */
export const REFERENCE_DIR = join(projectRoot(), 'docs/reference');

export interface GeneratedPage {
  path: string;
  text: string;
}

/** Formatted as `prettier --check .` expects, so a generated page passes lint unchanged. */
async function format(path: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(path);
  return prettier.format(text, { ...options, filepath: path });
}

async function page(file: string, block: string, content: string): Promise<GeneratedPage> {
  const path = join(REFERENCE_DIR, file);
  return { path, text: await format(path, replaceGeneratedBlock(readFileSync(path, 'utf8'), block, content)) };
}

/**
 * The reference pages as they should be: configuration from the Environment classes (JSDoc,
 * default, validation rule), metrics from their definitions in src/, the API from the OpenAPI
 * document. The prose around each generated block is kept as written.
 */
export async function generateReferencePages(): Promise<GeneratedPage[]> {
  return [
    await page('configuration.md', 'configuration', configurationReference()),
    await page('metrics.md', 'metrics', metricsReference()),
    await page('api.md', 'api', apiReference(await createOpenApiDocument())),
  ];
}

/** `npm run docs:generate`: rewrites the pages, printing what changed. */
export async function writeReferencePages(): Promise<void> {
  for (const generated of await generateReferencePages()) {
    const changed = readFileSync(generated.path, 'utf8') !== generated.text;
    if (changed) await writeFile(generated.path, generated.text);
    console.log(`${changed ? 'wrote' : 'unchanged'} ${relative(projectRoot(), generated.path)}`);
  }
}
