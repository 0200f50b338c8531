import { useState } from 'preact/hooks';
import { call, client, type Subscription } from '../api';
import { session } from '../session';
import { time } from '../format';
import { ErrorBox, Fields } from './ui';

type AuthType = 'none' | 'basic' | 'bearer' | 'oauth2_client_credentials' | 'mtls';

/** The fields each type asks for; `secret` ones are typed as passwords and never shown again. */
const FIELDS: Record<
  Exclude<AuthType, 'none'>,
  { name: string; label: string; secret?: boolean; optional?: boolean; long?: boolean }[]
> = {
  basic: [
    { name: 'username', label: 'Username' },
    { name: 'password', label: 'Password', secret: true },
  ],
  bearer: [{ name: 'token', label: 'Token', secret: true }],
  oauth2_client_credentials: [
    { name: 'token_url', label: 'Token URL' },
    { name: 'client_id', label: 'Client id' },
    { name: 'client_secret', label: 'Client secret', secret: true },
    { name: 'scope', label: 'Scope', optional: true },
    { name: 'audience', label: 'Audience', optional: true },
  ],
  mtls: [
    { name: 'certificate', label: 'Certificate chain (PEM)', long: true },
    { name: 'private_key', label: 'Private key (PEM)', secret: true, long: true },
  ],
};

const patch = (id: string, body: object) =>
  call(
    client.PATCH('/webhooks/{id}', {
      params: { path: { id } },
      body: body as never,
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  );

/** What the subscription presents: the type and the fields that are not secret. */
function Current({ s }: { s: Subscription }) {
  const auth = s.auth;
  const certificate = auth?.type === 'mtls' ? auth.certificate : undefined;
  const headers = Object.entries(s.headers ?? {});
  return (
    <Fields
      rows={[
        ['Auth', auth ? auth.type.replaceAll('_', ' ') : 'signature only'],
        ...(auth?.type === 'basic' ? [['Username', auth.username] as [string, string]] : []),
        ...(auth?.type === 'oauth2_client_credentials'
          ? ([
              ['Token URL', <code>{auth.token_url}</code>],
              ['Client id', auth.client_id],
              ['Scope', auth.scope],
              ['Client auth', auth.client_auth],
            ] as [string, preact.ComponentChildren][])
          : []),
        ...(certificate
          ? ([
              ['Certificate', certificate.subject],
              [
                'Expires',
                <>
                  {time(certificate.not_after)}{' '}
                  {certificate.expires_soon && <span class="badge badge-failing">expires soon</span>}
                </>,
              ],
            ] as [string, preact.ComponentChildren][])
          : []),
        [
          'Headers',
          headers.length ? (
            <ul class="plain">
              {headers.map(([name, h]) => (
                <li key={name}>
                  <code>{name}</code>: {h.secret ? <span class="muted">secret</span> : <code>{h.value}</code>}
                </li>
              ))}
            </ul>
          ) : null,
        ],
      ]}
    />
  );
}

/**
 * Sends a test event when the server offers them (POST /webhooks/{id}/test-events, found in its
 * OpenAPI document); otherwise says what stands in: every save sends the verification challenge with
 * the new credentials.
 */
async function sendTestEvent(id: string): Promise<string> {
  const document = (await (await fetch('/v1/openapi.json')).json()) as { paths?: Record<string, unknown> };
  if (!document.paths?.['/webhooks/{id}/test-events'])
    return 'This server has no test events: saving credentials already sent them in a verification challenge, which the endpoint accepted.';
  const response = await fetch(`/v1/webhooks/${id}/test-events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.key() ?? ''}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return 'Test event sent: its attempt shows in the deliveries below.';
}

/** Set, replace or remove the endpoint's credentials and static headers, and test them. */
export function Authentication({ s, onChanged }: { s: Subscription; onChanged: () => void }) {
  const [type, setType] = useState<AuthType>((s.auth?.type as AuthType) ?? 'none');
  const [values, setValues] = useState<Record<string, string>>({});
  const [header, setHeader] = useState({ name: '', value: '', secret: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [notice, setNotice] = useState<string>();
  const run = async (action: () => Promise<string | void>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const said = await action();
      if (said) setNotice(said);
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  const saveAuth = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const fields = type === 'none' ? [] : FIELDS[type];
      const given = Object.fromEntries(fields.filter((f) => values[f.name]).map((f) => [f.name, values[f.name]]));
      await patch(s.id, { auth: type === 'none' ? null : { type, ...given } });
      setValues({});
      onChanged();
      return type === 'none' ? 'Authentication removed.' : 'Saved: the endpoint accepted the new credentials.';
    });
  };
  const addHeader = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await patch(s.id, { headers: { [header.name]: { value: header.value, secret: header.secret } } });
      setHeader({ name: '', value: '', secret: true });
      onChanged();
      return `Header ${header.name} saved.`;
    });
  };
  const removeHeader = (name: string) =>
    run(async () => {
      await patch(s.id, { headers: { [name]: null } });
      onChanged();
    });
  const input = (name: string, value: string) => ({
    value,
    autocomplete: 'off',
    onInput: (e: Event) => setValues({ ...values, [name]: (e.target as HTMLInputElement).value }),
  });
  return (
    <>
      <Current s={s} />
      <form onSubmit={saveAuth} class="stacked-form" aria-label="Set or replace the authentication">
        <label>
          Type
          <select value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value as AuthType)}>
            <option value="none">signature only</option>
            <option value="basic">Basic</option>
            <option value="bearer">Bearer token</option>
            <option value="oauth2_client_credentials">OAuth2 client credentials</option>
            <option value="mtls">mTLS client certificate</option>
          </select>
        </label>
        {type !== 'none' &&
          FIELDS[type].map((f) => (
            <label key={f.name}>
              {f.label}
              {f.long ? (
                <textarea rows={4} required={!f.optional} {...input(f.name, values[f.name] ?? '')} />
              ) : f.secret ? (
                <input type="password" required={!f.optional} {...input(f.name, values[f.name] ?? '')} />
              ) : (
                <input type="text" required={!f.optional} {...input(f.name, values[f.name] ?? '')} />
              )}
            </label>
          ))}
        <p class="muted">Credentials are encrypted at rest and never shown again: give every field to replace them.</p>
        <button type="submit" disabled={busy}>
          {type === 'none' ? 'Remove authentication' : 'Save and verify'}
        </button>
      </form>
      <form onSubmit={addHeader} class="inline-form" aria-label="Add or replace a header">
        <label>
          Header
          <input
            required
            value={header.name}
            onInput={(e) => setHeader({ ...header, name: (e.target as HTMLInputElement).value })}
          />
        </label>
        <label>
          Value
          {header.secret ? (
            <input
              required
              type="password"
              autocomplete="off"
              value={header.value}
              onInput={(e) => setHeader({ ...header, value: (e.target as HTMLInputElement).value })}
            />
          ) : (
            <input
              required
              type="text"
              value={header.value}
              onInput={(e) => setHeader({ ...header, value: (e.target as HTMLInputElement).value })}
            />
          )}
        </label>
        <label>
          <input
            type="checkbox"
            checked={header.secret}
            onChange={(e) => setHeader({ ...header, secret: (e.target as HTMLInputElement).checked })}
          />{' '}
          secret
        </label>
        <button type="submit" disabled={busy}>
          Save header
        </button>
      </form>
      <div class="actions">
        {Object.keys(s.headers ?? {}).map((name) => (
          <button type="button" key={name} disabled={busy} onClick={() => void removeHeader(name)}>
            Remove {name}
          </button>
        ))}
        <button type="button" disabled={busy} onClick={() => void run(() => sendTestEvent(s.id))}>
          Test with a test event
        </button>
      </div>
      <ErrorBox error={error} />
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
