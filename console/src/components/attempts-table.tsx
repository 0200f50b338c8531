import type { Attempt } from '../api';
import { ms, short, time } from '../format';
import { href } from '../router';
import { Badge } from './ui';

/** One attempt; the time links to the attempt, the event id to all of the event's attempts. */
function AttemptRow({ attempt: a, showSubscription }: { attempt: Attempt; showSubscription?: boolean }) {
  return (
    <tr>
      <td>
        <a href={href.attempt(a.subscription_id, a.id)}>{time(a.requested_at)}</a>
      </td>
      {showSubscription && (
        <td>
          <a href={href.subscription(a.subscription_id)}>{short(a.subscription_id)}</a>
        </td>
      )}
      <td>{a.event_type}</td>
      <td>
        <a href={href.event(a.event_id)} title={a.event_id}>
          {short(a.event_id)}
        </a>
      </td>
      <td>
        {a.attempt} <span class="muted small">{a.trigger}</span>
      </td>
      <td class="status-code">{a.status_code ?? '—'}</td>
      <td>{ms(a.response_time_ms)}</td>
      <td>
        <Badge value={a.outcome} kind={a.outcome === 'success' ? 'success' : 'failure'} />
      </td>
      <td>
        <code class="small" title={a.trace_id ?? ''}>
          {a.trace_id ? short(a.trace_id) : '—'}
        </code>
      </td>
      <td>{time(a.next_attempt_at)}</td>
    </tr>
  );
}

/** Attempts as rows, with the subscription column where they come from several. */
export function AttemptsTable({
  attempts,
  label,
  showSubscription,
}: {
  attempts: Attempt[];
  label: string;
  showSubscription?: boolean;
}) {
  if (attempts.length === 0) return <p class="muted">No delivery attempts match.</p>;
  return (
    <table class="list" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          {showSubscription && <th scope="col">Subscription</th>}
          <th scope="col">Event type</th>
          <th scope="col">Event id</th>
          <th scope="col">Attempt</th>
          <th scope="col">Status code</th>
          <th scope="col">Latency</th>
          <th scope="col">Outcome</th>
          <th scope="col">Trace id</th>
          <th scope="col">Next attempt</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((a) => (
          <AttemptRow key={a.id} attempt={a} showSubscription={showSubscription} />
        ))}
      </tbody>
    </table>
  );
}
