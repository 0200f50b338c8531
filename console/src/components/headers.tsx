/** Header names whose values are credentials or signatures: shown masked, never in clear. */
const SENSITIVE = /^(authorization|cookie|set-cookie|x-signature|x-webhook-signature|webhook-signature|x-api-key)$/i;

export const mask = (name: string, value: string) => (SENSITIVE.test(name) && !value.includes('••') ? '••••••' : value);

export function HeaderTable({ headers, label }: { headers: Record<string, string> | null | undefined; label: string }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <p class="muted">No headers recorded.</p>;
  return (
    <table class="kv" aria-label={label}>
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>
              <code>{mask(k, String(v))}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
