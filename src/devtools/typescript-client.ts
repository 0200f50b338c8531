import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import { projectRoot } from '../platform/project-root.js';
import { createOpenApiDocument } from './openapi-document.js';

/** Where the generated client lives; its hand-written entry point (index.ts) sits beside these. */
export const CLIENT_DIR = join(projectRoot(), 'clients/typescript');
export const REGENERATE_COMMAND = 'npm run client:generate';

const BANNER =
  '// Generated from openapi.json by openapi-typescript: do not edit. Regenerate with `npm run client:generate`.\n\n';

export interface GeneratedFile {
  path: string;
  text: string;
}

/** Formatted as `prettier --check .` expects, so the committed files pass lint unchanged. */
async function format(path: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(path);
  return prettier.format(text, { ...options, filepath: path });
}

/**
 * The committed files, as text: the document itself (so a review shows API changes as a diff) and
 * the types openapi-typescript derives from it, which openapi-fetch checks every call against.
 */
export async function generateClientFiles(): Promise<GeneratedFile[]> {
  const document = await createOpenApiDocument();
  const documentPath = join(CLIENT_DIR, 'openapi.json');
  const schemaPath = join(CLIENT_DIR, 'schema.d.ts');
  // A field with a default stays optional: request bodies may leave it out (openapi-typescript
  // otherwise types it as always present, which holds only for responses).
  const types = BANNER + astToString(await openapiTS(document as OpenAPI3, { defaultNonNullable: false }));
  return [
    { path: documentPath, text: await format(documentPath, JSON.stringify(document, null, 2)) },
    { path: schemaPath, text: await format(schemaPath, types) },
  ];
}

/** `npm run client:generate`: writes the files, printing what it wrote. */
export async function writeClientFiles(): Promise<void> {
  for (const file of await generateClientFiles()) {
    await writeFile(file.path, file.text);
    console.log(`wrote ${relative(projectRoot(), file.path)}`);
  }
}
