import { useState } from 'preact/hooks';
import { call, client, downloadReport as download, type Operation } from '../api';
import { isRunning, resultText } from '../components/operation-tracker';
import { ErrorBox, Loading, Pager, Progress } from '../components/ui';
import { short, time } from '../format';
import { href } from '../router';
import { useCursor, useInterval, useLoad } from '../hooks';

/** What an operation covers: its subscription (or the whole tenant) and its time window. */
function scope(op: Operation) {
  const p = op.parameters as { subscription_id?: string | null; since?: string; from?: string; reason?: string | null };
  const since = p.since ?? p.from;
  return (
    <>
      {p.subscription_id ? (
        <a href={href.subscription(p.subscription_id)}>{short(p.subscription_id)}</a>
      ) : (
        'all subscriptions'
      )}
      {since && ` since ${time(since)}`}
      {p.reason && ` · ${p.reason}`}
    </>
  );
}

/** A report in the format it was asked for, saved as report-<id>.csv or .json. */
function downloadReport(op: Operation) {
  const csv = (op.parameters as { format?: string }).format !== 'json';
  return download(op.id, `report-${op.id}.${csv ? 'csv' : 'json'}`, csv ? 'text/csv' : 'application/json');
}

/** A small summary of what a finished operation did, or why it failed. */
function outcome(op: Operation) {
  return (
    <>
      {resultText(op)}
      {op.error && `${op.error.code}: ${op.error.message}`}
    </>
  );
}

/** Cancel while it runs, retry when it failed, download a completed report. */
function OperationActions({
  op,
  onChanged,
  onError,
}: {
  op: Operation;
  onChanged: () => void;
  onError: (e: Error) => void;
}) {
  const act = (action: () => Promise<unknown>) => action().then(onChanged, onError);
  const path = { params: { path: { id: op.id } } };
  return (
    <div class="actions">
      {isRunning(op) && op.status !== 'CANCELLING' && (
        <button type="button" onClick={() => act(() => call(client.POST('/operations/{id}/cancellation', path)))}>
          Cancel
        </button>
      )}
      {op.status === 'FAILED' && (
        <button type="button" onClick={() => act(() => call(client.POST('/operations/{id}/retry', path)))}>
          Retry
        </button>
      )}
      {op.kind === 'report' && op.status === 'COMPLETED' && (
        <button type="button" onClick={() => downloadReport(op).catch(onError)}>
          Download report
        </button>
      )}
    </div>
  );
}

function Row({
  op,
  highlight,
  onChanged,
  onError,
}: {
  op: Operation;
  highlight: boolean;
  onChanged: () => void;
  onError: (e: Error) => void;
}) {
  return (
    <tr class={highlight ? 'highlight' : undefined}>
      <td>{op.kind}</td>
      <td>{op.status}</td>
      <td>
        <Progress value={op.progress} label={`Progress of ${op.kind} ${op.id.slice(0, 8)}`} />
      </td>
      <td class="small">{scope(op)}</td>
      <td>{time(op.created_at)}</td>
      <td>{op.estimated_completion && isRunning(op) ? time(op.estimated_completion) : time(op.finished_at)}</td>
      <td class="small">{outcome(op)}</td>
      <td>
        <OperationActions op={op} onChanged={onChanged} onError={onError} />
      </td>
    </tr>
  );
}

function ReportForm({ onStarted }: { onStarted: () => void }) {
  const [format, setFormat] = useState('csv');
  const [error, setError] = useState<Error>();
  const start = (e: Event) => {
    e.preventDefault();
    const to = new Date();
    const from = new Date(to.getTime() - 24 * 3_600_000);
    call(
      client.POST('/reports', {
        body: { from: from.toISOString(), to: to.toISOString(), format: format as 'csv' | 'json' },
      }),
    ).then(onStarted, setError);
  };
  return (
    <form class="filters" onSubmit={start} aria-label="Start a delivery report">
      <label>
        Report format
        <select value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value)}>
          <option value="csv">CSV</option>
          <option value="json">JSON</option>
        </select>
      </label>
      <button type="submit">Report of the last 24 hours</button>
      <ErrorBox error={error} />
    </form>
  );
}

/** Reports, recoveries and redrives with live progress; cancel, retry and download. */
export function OperationsPage({ highlight }: { highlight?: string }) {
  const cursor = useCursor();
  const page = useLoad(
    () => call(client.GET('/operations', { params: { query: { after: cursor.after, limit: 20 } } })),
    [cursor.after],
  );
  const [error, setError] = useState<Error>();
  useInterval(page.reload, 1000, page.data?.data.some(isRunning) ?? false);
  return (
    <>
      <h1 tabIndex={-1}>Operations</h1>
      <ReportForm onStarted={page.reload} />
      <ErrorBox error={error ?? page.error} />
      <Loading when={page.loading && !page.data} />
      {page.data && (
        <>
          <table class="list" aria-label="Operations">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Scope</th>
                <th scope="col">Created</th>
                <th scope="col">Finished / ETA</th>
                <th scope="col">Result</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((op) => (
                <Row key={op.id} op={op} highlight={op.id === highlight} onChanged={page.reload} onError={setError} />
              ))}
            </tbody>
          </table>
          {page.data.data.length === 0 && <p class="muted">No operations yet.</p>}
          <Pager cursor={cursor} page={page.data} />
        </>
      )}
    </>
  );
}
