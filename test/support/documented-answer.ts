import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ApiClient } from './api-client.js';

/** A JSON Pointer token inside a URI fragment (RFC 6901 section 6). */
const token = (text: string) => encodeURIComponent(text.replaceAll('~', '~0').replaceAll('/', '~1'));

/**
 * Checks real answers against the success schemas of the document the app serves (OpenAPI 3.1,
 * closed objects): the fuzzer rarely reaches data such as attempts, dead letters or finished
 * operations, so the tests that make them check that the document says exactly what comes back.
 */
export class DocumentedAnswers {
  private constructor(private readonly ajv: Ajv2020) {}

  static async of(api: ApiClient): Promise<DocumentedAnswers> {
    const document = (await api.raw.get('/v1/openapi.json')).body as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv); // the package's CJS default export
    ajv.addSchema({ ...document, $id: 'openapi' });
    return new DocumentedAnswers(ajv);
  }

  /** The problems of `body` as the answer `status` of `method path` (document paths, without /v1); [] when it conforms. */
  problems(method: string, path: string, status: number, body: unknown, mediaType = 'application/json'): string[] {
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema'];
    const validate = this.ajv.compile({ $ref: `openapi#/${pointer.map(token).join('/')}` });
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
