import { useEffect, useState } from 'preact/hooks';
import { get, post, type DeadLetter, type Page } from '../api';
import { OperationStatus, isRunning, useOperation } from '../components/operation-tracker';
import { Badge, ErrorBox, Loading, Pager } from '../components/ui';
import { short, time } from '../format';
import { useLoad } from '../hooks';
import { href } from '../router';

/** The redrive filters that select exactly one parked record: its subscription, reason and millisecond. */
const onlyThis = (d: DeadLetter) => ({
  subscription_id: d.subscription_id ?? undefined,
  reason: d.reason,
  since: new Date(Date.parse(d.created_at)).toISOString(),
  until: new Date(Date.parse(d.created_at) + 1).toISOString(),
});

export function DeadLettersPage() {
  const [reason, setReason] = useState('');
  const [state, setState] = useState('false');
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const page = useLoad(
    () => get<Page<DeadLetter>>('/dead-letters', { reason, redriven: state, after, limit: 25 }),
    [reason, state, after],
  );
  const [op, follow] = useOperation();
  const [error, setError] = useState<Error>();
  const finished = op !== undefined && !isRunning(op);
  // A finished redrive has marked its records: show the list as it is now.
  useEffect(() => {
    if (finished) page.reload();
  }, [finished]);

  const redrive = async (filters: object) => {
    setError(undefined);
    try {
      const started = await post<{ id: string }>('/dead-letters/redrives', filters);
      await follow(started.id);
    } catch (err) {
      setError(err as Error);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Dead letters</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter dead letters">
        <label>
          Reason
          <select value={reason} onChange={(e) => (setReason((e.target as HTMLSelectElement).value), setCursors([]))}>
            <option value="">any</option>
            {['exhausted', 'gone', 'blocked', 'disabled', 'invalid_envelope', 'undecodable', 'processing_error'].map(
              (r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ),
            )}
          </select>
        </label>
        <label>
          State
          <select value={state} onChange={(e) => (setState((e.target as HTMLSelectElement).value), setCursors([]))}>
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
              {page.data.data.map((d) => (
                <tr key={d.id}>
                  <td>{time(d.created_at)}</td>
                  <td>
                    <Badge value={d.reason} kind="failure" />
                  </td>
                  <td>
                    {d.subscription_id ? (
                      <a href={href.subscription(d.subscription_id)}>{short(d.subscription_id)}</a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{d.event_id ? <a href={href.event(d.event_id)}>{d.event_type ?? short(d.event_id)}</a> : '—'}</td>
                  <td class="small">{d.detail || '—'}</td>
                  <td>{time(d.redriven_at)}</td>
                  <td>
                    {!d.redriven_at && d.subscription_id && (
                      <button
                        type="button"
                        onClick={() => redrive(onlyThis(d))}
                        aria-label={`Redrive ${d.event_id ?? d.id}`}
                      >
                        Redrive
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.data.data.length === 0 && <p class="muted">No dead letters match.</p>}
          <Pager
            hasMore={page.data.pagination.has_more}
            atFirst={cursors.length === 0}
            onFirst={() => setCursors([])}
            onNext={() => setCursors([...cursors, page.data!.pagination.next_cursor!])}
          />
        </>
      )}
    </>
  );
}
