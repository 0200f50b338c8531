import { useEffect, useState } from 'preact/hooks';
import { call, client, type DeadLetter, type Page } from '../api';
import { OperationStatus, isRunning, useOperation } from '../components/operation-tracker';
import { Badge, ErrorBox, Loading, Pager } from '../components/ui';
import { short, time } from '../format';
import { useCursor, useLoad } from '../hooks';
import { href } from '../router';

const REASONS = ['exhausted', 'gone', 'blocked', 'disabled', 'invalid_envelope', 'undecodable', 'processing_error'];

/** The redrive filters that select exactly one parked record: its subscription, reason and millisecond. */
const onlyThis = (d: DeadLetter) => ({
  subscription_id: d.subscription_id ?? undefined,
  reason: d.reason,
  since: new Date(Date.parse(d.created_at)).toISOString(),
  until: new Date(Date.parse(d.created_at) + 1).toISOString(),
});

function DeadLetterTable({ rows, onRedrive }: { rows: DeadLetter[]; onRedrive: (d: DeadLetter) => void }) {
  if (rows.length === 0) return <p class="muted">No dead letters match.</p>;
  return (
    <table class="list" aria-label="Dead letters">
      <thead>
        <tr>
          <th scope="col">Parked</th>
          <th scope="col">Reason</th>
          <th scope="col">Subscription</th>
          <th scope="col">Event</th>
          <th scope="col">Detail</th>
          <th scope="col">Redriven</th>
          <th scope="col">
            <span class="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id}>
            <td>{time(d.created_at)}</td>
            <td>
              <Badge value={d.reason} kind="failure" />
            </td>
            <td>
              {d.subscription_id ? <a href={href.subscription(d.subscription_id)}>{short(d.subscription_id)}</a> : '—'}
            </td>
            <td>{d.event_id ? <a href={href.event(d.event_id)}>{d.event_type ?? short(d.event_id)}</a> : '—'}</td>
            <td class="small">{d.detail || '—'}</td>
            <td>{time(d.redriven_at)}</td>
            <td>
              {!d.redriven_at && d.subscription_id && (
                <button type="button" onClick={() => onRedrive(d)} aria-label={`Redrive ${d.event_id ?? d.id}`}>
                  Redrive
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Parked records, filtered by reason and state; redrive one, or all that are parked. */
export function DeadLettersPage() {
  const [reason, setReason] = useState('');
  const [state, setState] = useState('false');
  const cursor = useCursor();
  const page = useLoad(
    () =>
      call<Page<DeadLetter>>(
        client.GET('/dead-letters', {
          params: {
            query: {
              reason: reason || undefined,
              redriven: state ? state === 'true' : undefined,
              after: cursor.after,
              limit: 25,
            },
          },
        }),
      ),
    [reason, state, cursor.after],
  );
  const [op, follow] = useOperation();
  const [error, setError] = useState<Error>();
  const finished = op !== undefined && !isRunning(op);
  // A finished redrive has marked its records: show the list as it is now.
  useEffect(() => {
    if (finished) page.reload();
  }, [finished]);
  const redrive = (filters: object) => {
    setError(undefined);
    call(client.POST('/dead-letters/redrives', { body: filters }))
      .then((started) => follow(started.id))
      .catch(setError);
  };
  const filter = (set: (v: string) => void) => (e: Event) => {
    set((e.target as HTMLSelectElement).value);
    cursor.first();
  };
  return (
    <>
      <h1 tabIndex={-1}>Dead letters</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter dead letters">
        <label>
          Reason
          <select value={reason} onChange={filter(setReason)}>
            <option value="">any</option>
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select value={state} onChange={filter(setState)}>
            <option value="false">parked</option>
            <option value="true">redriven</option>
            <option value="">any</option>
          </select>
        </label>
        <button type="button" onClick={() => redrive(reason ? { reason } : {})}>
          Redrive all parked{reason ? ` (${reason})` : ''}
        </button>
      </form>
      <ErrorBox error={error ?? page.error} />
      {op && <OperationStatus op={op} label="Redrive progress" />}
      <Loading when={page.loading && !page.data} />
      {page.data && (
        <>
          <DeadLetterTable rows={page.data.data} onRedrive={(d) => redrive(onlyThis(d))} />
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </>
  );
}
