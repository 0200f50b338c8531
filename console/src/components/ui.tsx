import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import type { Cursor } from '../hooks';

export function Badge({ value, kind }: { value: string; kind?: string }) {
  return <span class={`badge badge-${kind ?? value}`}>{value.replace('_', ' ')}</span>;
}

export function ErrorBox({ error }: { error: Error | undefined }) {
  if (!error) return null;
  const code = error instanceof ApiError ? `${error.status} ${error.code}: ` : '';
  return (
    <p class="error" role="alert">
      {code}
      {error.message}
    </p>
  );
}

export function Loading({ when }: { when: boolean }) {
  return when ? (
    <p class="muted" aria-live="polite">
      Loading…
    </p>
  ) : null;
}

export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ComponentChildren;
  actions?: ComponentChildren;
}) {
  return (
    <section class="card" aria-label={title}>
      <div class="card-head">
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Key/value rows of a resource. */
export function Fields({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="fields">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** First / next page buttons over a cursor-paged list. */
export function Pager({
  cursor,
  page,
}: {
  cursor: Cursor;
  page: { pagination: { next_cursor: string | null; has_more: boolean } };
}) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" onClick={cursor.first} disabled={cursor.atFirst}>
        First page
      </button>
      <button
        type="button"
        onClick={() => cursor.next(page.pagination.next_cursor)}
        disabled={!page.pagination.has_more}
      >
        Next page
      </button>
    </nav>
  );
}

export function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div class="progress">
      <progress max={100} value={value} aria-label={label} />
      <span>{value}%</span>
    </div>
  );
}

export function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre class="code" tabIndex={0} aria-label={label}>
      {children}
    </pre>
  );
}

/** A form of filters: each field applies as it changes, so the form itself is never submitted. */
export function Filters({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label={label}>
      {children}
    </form>
  );
}

/** A labelled choice among `options`: [value, text] pairs, or values that are their own text. */
export function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: (string | [string, string])[];
  onChange: (e: Event) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={onChange}>
        {options.map((option) => {
          const [v, text] = typeof option === 'string' ? [option, option] : option;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}
