import type { FieldError } from '../../platform/errors/app-error.js';
import type { PoisonMessageError } from '../events/ingest-errors.js';

const FIELD_OF_REASON: Record<string, { field: string; code: string }> = {
  unknown_type: { field: 'type', code: 'UNKNOWN_EVENT_TYPE' },
  invalid_data: { field: 'data', code: 'INVALID_DATA' },
  too_large: { field: 'body', code: 'TOO_LARGE' },
  no_tenant: { field: 'tenant_id', code: 'INVALID' },
  undecodable: { field: 'body', code: 'INVALID_FORMAT' },
};

/**
 * Ingest's refusal as the API's field details: an envelope's problems (one per field, as ingest
 * names them) or the reason's field (type, data…). The same words the dead-letter reason gives.
 */
export function poisonDetails(error: PoisonMessageError, prefix = ''): FieldError[] {
  if (error.reason !== 'invalid_envelope') {
    const { field, code } = FIELD_OF_REASON[error.reason] ?? { field: 'body', code: 'INVALID' };
    return [{ field: `${prefix}${field}`, code, message: error.message }];
  }
  return error.message.split('; ').map((problem) => {
    const field = /^(id|type|created_at|data|tenant_id)\b/.exec(problem)?.[1] ?? 'body';
    return { field: `${prefix}${field}`, code: 'INVALID', message: problem };
  });
}
