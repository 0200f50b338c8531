import { writeReferencePages } from './reference-docs/reference-docs.js';

// `npm run docs:generate`, after tsc: the OpenAPI document needs the compiled decorators, so this runs from dist/.
await writeReferencePages();
