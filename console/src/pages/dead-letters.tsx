import { useState } from 'preact/hooks';
import { call, client, type DeadLetter, type Page } from '../api';
import { OperationStatus, useOperation } from '../components/operation-tracker';
import { Badge, Choice, ErrorBox, Filters, Loading, Pager } from '../components/ui';
import { short, time } from '../format';
import { useCursor, useLoad } from '../hooks';
import { href } from '../router';

const REASONS = ['exhausted', 'gone', 'blocked', 'disabled', 'invalid_envelope', 'undecodable', 'processing_error'];
const STATES: [string, string][] = [
  ['false', 'parked'],
  ['true', 'redriven'],
  ['', 'any'],
];

/** The redrive filter that selects exactly this parked record (others parked in the same millisecond stay). */
const onlyThis = (d: DeadLetter) => ({ dead_letter_ids: [d.id] });

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

/** Starts redrives and follows the last one; once it finishes, `reload` shows the records it marked. */
function useRedrive(reload: () => void) {
  const [op, follow] = useOperation(reload);
  const [error, setError] = useState<Error>();
  const redrive = (filters: object) => {
    setError(undefined);
    call(client.POST('/dead-letters/redrives', { body: filters }))
      .then((started) => follow(started.id))
      .catch(setError);
  };
  return { op, error, redrive };
}

interface FiltersProps {
  reason: string;
  state: string;
  onReason: (e: Event) => void;
  onState: (e: Event) => void;
  onRedriveAll: () => void;
}

/** The reason and state filters, and the button that redrives every parked record they select. */
function DeadLetterFilters({ reason, state, onReason, onState, onRedriveAll }: FiltersProps) {
  return (
    <Filters label="Filter dead letters">
      <Choice label="Reason" value={reason} options={[['', 'any'], ...REASONS]} onChange={onReason} />
      <Choice label="State" value={state} options={STATES} onChange={onState} />
      <button type="button" onClick={onRedriveAll}>
        Redrive all parked{reason ? ` (${reason})` : ''}
      </button>
    </Filters>
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
  const { op, error, redrive } = useRedrive(page.reload);
  const filter = (set: (v: string) => void) => (e: Event) => {
    set((e.target as HTMLSelectElement).value);
    cursor.first();
  };
  return (
    <>
      <h1 tabIndex={-1}>Dead letters</h1>
      <DeadLetterFilters
        reason={reason}
        state={state}
        onReason={filter(setReason)}
        onState={filter(setState)}
        onRedriveAll={() => redrive(reason ? { reason } : {})}
      />
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
