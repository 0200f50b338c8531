import { useState } from 'preact/hooks';
import { call, client, type ApiKey, type CreatedApiKey } from '../api';
import { Badge, ErrorBox, Loading, Pager, Section } from '../components/ui';
import { time } from '../format';
import { useCursor, useLoad } from '../hooks';

const SCOPES = ['read', 'write', 'admin', 'events:publish'] as const;
type KeyScope = (typeof SCOPES)[number];
const EXPIRIES: [string, string][] = [
  ['', 'never'],
  ['1', 'in 1 day'],
  ['30', 'in 30 days'],
  ['90', 'in 90 days'],
  ['365', 'in 1 year'],
];

/** The form of a new key: name, scopes, expiry; the new key is handed to `onCreated`, once. */
function NewKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<KeyScope[]>(['read']);
  const [days, setDays] = useState('');
  const [error, setError] = useState<Error>();
  const toggle = (scope: KeyScope) =>
    setScopes(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope]);
  const submit = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    const expires_at = days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null;
    call(client.POST('/api-keys', { body: { name, scopes, expires_at } }))
      .then((created) => {
        setName('');
        onCreated(created);
      })
      .catch(setError);
  };
  return (
    <form class="inline-form" onSubmit={submit} aria-label="Create an API key">
      <label>
        Name
        <input value={name} required maxLength={100} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <fieldset class="scopes">
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope} class="check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            {scope}
          </label>
        ))}
      </fieldset>
      <label>
        Expires
        <select value={days} onChange={(e) => setDays((e.target as HTMLSelectElement).value)}>
          {EXPIRIES.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!name || scopes.length === 0}>
        Create key
      </button>
      <ErrorBox error={error} />
    </form>
  );
}

/** The key just created: shown here and nowhere else, ever. */
function ShownOnce({ created }: { created: CreatedApiKey }) {
  return (
    <div class="notice" role="status">
      <p>
        Copy the key <strong>{created.name}</strong> now: it is not shown again.
      </p>
      <code class="secret" aria-label="The new key">
        {created.key}
      </code>
    </div>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) return <p class="muted">No API keys.</p>;
  return (
    <table class="list" aria-label="API keys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Prefix</th>
          <th scope="col">Scopes</th>
          <th scope="col">State</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span class="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k.id}>
            <td>{k.name || '—'}</td>
            <td>
              <code>{k.prefix}…</code>
            </td>
            <td>{k.scopes.join(', ')}</td>
            <td>
              <Badge value={k.status} kind={k.status === 'active' ? 'active' : 'disabled'} />
            </td>
            <td>{time(k.created_at)}</td>
            <td>{time(k.expires_at)}</td>
            <td>{time(k.last_used_at)}</td>
            <td>
              {k.status !== 'revoked' && (
                <button type="button" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name || k.prefix}`}>
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The tenant's API keys (an admin key's view): create one, see each by prefix and last use, revoke. */
export function ApiKeysPage() {
  const cursor = useCursor();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [error, setError] = useState<Error>();
  const keys = useLoad(
    () => call(client.GET('/api-keys', { params: { query: { after: cursor.after, limit: 25 } } })),
    [cursor.after],
  );
  const revoke = (key: ApiKey) => {
    setError(undefined);
    call(client.DELETE('/api-keys/{id}', { params: { path: { id: key.id } } })).then(keys.reload, setError);
  };
  return (
    <>
      <h1 tabIndex={-1}>API keys</h1>
      <Section title="New key">
        <NewKeyForm
          onCreated={(key) => {
            setCreated(key);
            cursor.first();
            keys.reload();
          }}
        />
        {created && <ShownOnce created={created} />}
      </Section>
      <ErrorBox error={error ?? keys.error} />
      <Loading when={keys.loading && !keys.data} />
      {keys.data && (
        <>
          <KeyTable keys={keys.data.data} onRevoke={revoke} />
          <Pager cursor={cursor} page={keys.data} />
        </>
      )}
    </>
  );
}
