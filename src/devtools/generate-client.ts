import { writeClientFiles } from './typescript-client.js';

// `npm run client:generate`, after tsc: decorators need the compiled sources, so this runs from dist/.
await writeClientFiles();
