import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../../platform/project-root.js';
import { markdownTable } from './generated-block.js';
import { parseSourceFiles, walk } from './jsdoc.js';

/** The one place metrics are made: every definition calls one of its functions. */
const METRICS_MODULE = join(projectRoot(), 'src/platform/telemetry/metrics.ts');
type Kind = 'counter' | 'gauge' | 'histogram';
/** Each definition function, by the kind of metric it makes (a collected counter is a counter read at scrape time). */
const FACTORIES: Record<string, Kind> = {
  counter: 'counter',
  collectedCounter: 'counter',
  gauge: 'gauge',
  histogram: 'histogram',
};

export interface Metric {
  name: string;
  kind: Kind;
  help: string;
  labels: string[];
  definedIn: string[];
}

/** Local name → kind, for the functions a file imports from the metrics module (aliases included). */
function importedFactories(file: ts.SourceFile, metricsModule: string): Map<string, Kind> {
  const factories = new Map<string, Kind>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolve(dirname(file.fileName), statement.moduleSpecifier.text).replace(/\.js$/, '.ts');
    if (target !== metricsModule) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const kind = FACTORIES[(element.propertyName ?? element.name).text];
      if (kind) factories.set(element.name.text, kind);
    }
  }
  return factories;
}

const where = (node: ts.Node) => {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${relative(projectRoot(), file.fileName)}:${line + 1}`;
};

function literal(node: ts.Expression | undefined, what: string, at: ts.Node): string {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  throw new Error(`${where(at)}: the metric's ${what} must be a string literal, so the reference can list it`);
}

/** The label names: an array literal, or a const of the same file holding one. */
function labelNames(node: ts.Expression | undefined, at: ts.Node): string[] {
  if (!node) return [];
  let expression: ts.Expression = node;
  while (ts.isAsExpression(expression) || ts.isParenthesizedExpression(expression)) expression = expression.expression;
  if (ts.isIdentifier(expression)) {
    const name = expression.text;
    let initializer: ts.Expression | undefined;
    walk(at.getSourceFile(), (n) => {
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name) initializer = n.initializer;
    });
    return labelNames(initializer, at);
  }
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.map((e) => literal(e, 'label', at));
  throw new Error(`${where(at)}: the metric's labels must be an array literal or a const holding one`);
}

/** Every metric the code defines under src/, found by its definition call; one entry per name. */
export function definedMetrics(sourceDir = join(projectRoot(), 'src'), metricsModule = METRICS_MODULE): Metric[] {
  const byName = new Map<string, Metric>();
  for (const file of parseSourceFiles(sourceDir)) {
    const factories = importedFactories(file, metricsModule);
    if (factories.size === 0) continue;
    walk(file, (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      const kind = factories.get(node.expression.text);
      if (!kind) return;
      const [name, help, labels] = node.arguments;
      const metric = {
        name: literal(name, 'name', node),
        kind,
        help: literal(help, 'help', node),
        labels: labelNames(labels, node),
      };
      const known = byName.get(metric.name);
      if (
        known &&
        (known.kind !== metric.kind || known.help !== metric.help || known.labels.join() !== metric.labels.join())
      ) {
        throw new Error(`${where(node)}: ${metric.name} is defined again with another kind, help or labels`);
      }
      const definedIn = relative(projectRoot(), file.fileName);
      if (known) known.definedIn.push(definedIn);
      else byName.set(metric.name, { ...metric, definedIn: [definedIn] });
    });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The Markdown of the metrics block: one table, by name. */
export function metricsReference(metrics = definedMetrics()): string {
  if (metrics.length === 0) throw new Error('no metric definitions found: has the metrics module moved?');
  const rows = metrics.map((m) => [
    `\`${m.name}\``,
    m.kind,
    m.labels.map((l) => `\`${l}\``).join(', '),
    m.help.endsWith('.') ? m.help : `${m.help}.`,
  ]);
  return markdownTable(['metric', 'type', 'labels', 'what'], rows);
}
