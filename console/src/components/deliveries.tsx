import { useState } from 'preact/hooks';
import type { operations } from '../../../clients/typescript/index';
import { call, client, type Attempt, type Page } from '../api';
import { useCursor, useLoad } from '../hooks';
import { AttemptsTable } from './attempts-table';
import { Choice, ErrorBox, Filters, Loading, Pager, Section } from './ui';

const OUTCOMES = [
  'success',
  'http_error',
  'timeout',
  'connect_error',
  'tls_error',
  'dns_error',
  'blocked',
  'auth_error',
  'skipped',
];
type Outcome = NonNullable<operations['DeliveryLogController_list_v1']['parameters']['query']>['outcome'];
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

interface Filters {
  outcome: string;
  status_code: string;
  from: string;
  to: string;
}

/** The log's filters; each change goes back to the first page. */
function DeliveryFilters({ filters, set }: { filters: Filters; set: (k: keyof Filters) => (e: Event) => void }) {
  return (
    <Filters label="Filter deliveries">
      <Choice label="Outcome" value={filters.outcome} options={[['', 'any'], ...OUTCOMES]} onChange={set('outcome')} />
      <label>
        Status code
        <input type="number" min={100} max={599} value={filters.status_code} onChange={set('status_code')} />
      </label>
      <label>
        From
        <input type="datetime-local" value={filters.from} onChange={set('from')} />
      </label>
      <label>
        To
        <input type="datetime-local" value={filters.to} onChange={set('to')} />
      </label>
    </Filters>
  );
}

/** A subscription's delivery log: filters (outcome, status, time) and cursor paging. */
export function Deliveries({ id, refresh }: { id: string; refresh: number }) {
  const [filters, setFilters] = useState<Filters>({ outcome: '', status_code: '', from: '', to: '' });
  const cursor = useCursor();
  const page = useLoad(
    () =>
      call<Page<Attempt>>(
        client.GET('/webhooks/{id}/deliveries', {
          params: {
            path: { id },
            query: {
              outcome: (filters.outcome || undefined) as Outcome | undefined,
              status_code: filters.status_code ? Number(filters.status_code) : undefined,
              from: toIso(filters.from),
              to: toIso(filters.to),
              after: cursor.after,
              limit: 25,
            },
          },
        }),
      ),
    [id, filters, cursor.after, refresh],
  );
  const set = (k: keyof Filters) => (e: Event) => {
    setFilters({ ...filters, [k]: (e.target as HTMLInputElement).value });
    cursor.first();
  };

  return (
    <Section
      title="Deliveries"
      actions={
        <button type="button" onClick={page.reload}>
          Refresh
        </button>
      }
    >
      <DeliveryFilters filters={filters} set={set} />
      <ErrorBox error={page.error} />
      <Loading when={page.loading && !page.data} />
      {page.data && (
        <>
          <AttemptsTable attempts={page.data.data} label="Deliveries" />
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </Section>
  );
}
