import { readFileSync } from 'node:fs';

/**
 * The environment with every NAME_FILE of a known NAME read into NAME (the file's text without its
 * trailing line breaks), as Kubernetes mounts a Secret's keys. Setting both NAME and NAME_FILE, or
 * naming a file that cannot be read or is empty, is a problem reported by the variable's name, never its value.
 */
export function withFileValues(
  source: Record<string, string | undefined>,
  known: string[],
): { values: Record<string, string | undefined>; problems: string[] } {
  const values = { ...source };
  const problems: string[] = [];
  for (const name of known) {
    const path = source[`${name}_FILE`];
    if (path === undefined || path === '') continue;
    if (source[name] !== undefined && source[name] !== '') {
      problems.push(`${name}: set either ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      values[name] = readFileSync(path, 'utf8').replace(/[\r\n]+$/, '');
      // An empty mounted Secret is a mistake, not "unset": say so instead of a vaguer error later.
      if (values[name]!.trim() === '') problems.push(`${name}_FILE: ${path} is empty`);
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return { values, problems };
}
