import { call, client } from '../api';
import { Code, ErrorBox, Loading } from '../components/ui';
import { pretty } from '../format';
import { useLoad } from '../hooks';

/** The event catalog, read-only: each type with the JSON Schema of its data. */
export function EventTypesPage() {
  const types = useLoad(() => call(client.GET('/event-types')), []);
  return (
    <>
      <h1 tabIndex={-1}>Event types</h1>
      <ErrorBox error={types.error} />
      <Loading when={types.loading && !types.data} />
      {types.data?.data.map((t) => (
        <details key={t.type} class="card">
          <summary>
            <code>{t.type}</code> <span class="muted">{t.description}</span>
          </summary>
          <Code label={`Schema of ${t.type}`}>{pretty(t.schema)}</Code>
        </details>
      ))}
      {types.data?.data.length === 0 && <p class="muted">The catalog is empty.</p>}
    </>
  );
}
