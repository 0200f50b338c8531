import { call, client, type Attempt } from '../api';
import { HeaderTable } from '../components/headers';
import { Badge, Code, ErrorBox, Fields, Loading, Section } from '../components/ui';
import { ms, pretty, time } from '../format';
import { useLoad } from '../hooks';
import { href } from '../router';

/** The request as sent, rebuilt from the attempt row (signatures masked). */
function RequestSection({ request }: { request: Attempt['request'] }) {
  return (
    <Section title="Request">
      {request ? (
        <>
          <p class="muted">{request.note}</p>
          <p>
            <code>
              {request.method} {request.url ?? '(subscription deleted)'}
            </code>
          </p>
          <HeaderTable headers={request.headers} label="Request headers" />
          {request.body !== null && <Code label="Request body">{pretty(request.body)}</Code>}
        </>
      ) : (
        <p class="muted">Not recorded.</p>
      )}
    </Section>
  );
}

function ResponseSection({ attempt: a }: { attempt: Attempt }) {
  return (
    <Section title="Response">
      <Fields rows={[['Status', a.status_code ?? `no response (${a.error ?? a.outcome})`]]} />
      <HeaderTable headers={a.response_headers} label="Response headers" />
      {a.response_body ? (
        <Code label="Response body excerpt">{pretty(a.response_body)}</Code>
      ) : (
        <p class="muted">No body.</p>
      )}
    </Section>
  );
}

/** One attempt: the request as sent (rebuilt, signatures masked), the response and timings. */
export function AttemptPage({ id, attemptId }: { id: string; attemptId: string }) {
  const attempt = useLoad(
    () => call<Attempt>(client.GET('/webhooks/{id}/deliveries/{attemptId}', { params: { path: { id, attemptId } } })),
    [id, attemptId],
  );
  const a = attempt.data;
  return (
    <>
      <p class="crumbs">
        <a href={href.subscriptions()}>Subscriptions</a> / <a href={href.subscription(id)}>Subscription</a> /
      </p>
      <h1 tabIndex={-1}>Attempt {a ? `${a.attempt} of ${a.event_type}` : ''}</h1>
      <ErrorBox error={attempt.error} />
      <Loading when={attempt.loading && !a} />
      {a && (
        <>
          <Section title="Summary">
            <Fields
              rows={[
                ['Outcome', <Badge value={a.outcome} kind={a.outcome === 'success' ? 'success' : 'failure'} />],
                ['Status code', a.status_code ?? '—'],
                ['Error class', a.error ?? '—'],
                ['Sent at', time(a.requested_at)],
                ['Response time', ms(a.response_time_ms)],
                ['Next attempt', time(a.next_attempt_at)],
                ['Trigger', a.trigger],
                ['Event', <a href={href.event(a.event_id)}>{a.event_id}</a>],
                ['Trace id', a.trace_id ? <code>{a.trace_id}</code> : '—'],
              ]}
            />
          </Section>
          <RequestSection request={a.request} />
          <ResponseSection attempt={a} />
        </>
      )}
    </>
  );
}
