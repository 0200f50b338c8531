import { useState } from 'preact/hooks';
import { ApiError, call, client } from '../api';
import { session } from '../session';

/** The key is checked with one read before it is kept; a wrong key is never stored. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    session.signIn(key.trim());
    try {
      await call(client.GET('/webhooks', { params: { query: { limit: 1 } } }));
      onSignedIn();
    } catch (err) {
      session.signOut();
      setError(
        err instanceof ApiError && err.status === 401 ? 'That API key is not valid.' : String((err as Error).message),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="signin" id="main">
      <form onSubmit={submit} class="card" method="post" action="#">
        <h1>Hookline console</h1>
        <p class="muted">Sign in with an API key of your tenant. It is kept in this tab only.</p>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          required
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          aria-describedby={error ? 'signin-error' : undefined}
        />
        {error && (
          <p id="signin-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
