import { PoisonMessageError } from './ingest-errors.js';

const TENANT = /^[A-Za-z0-9._-]{1,64}$/;

/** The tenant of an event: the `tenant-id` header, else the envelope's tenant_id, else the default. */
export function resolveTenant(header: string | undefined, envelopeTenant: string | undefined, fallback: string) {
  const tenant = header || envelopeTenant || fallback;
  if (!tenant) throw new PoisonMessageError('no_tenant', 'no tenant-id header, no tenant_id and no DEFAULT_TENANT');
  if (!TENANT.test(tenant))
    throw new PoisonMessageError('no_tenant', `tenant id ${JSON.stringify(tenant.slice(0, 80))} is malformed`);
  return tenant;
}
