// Writes docs/routes.md's route map from the code: per operation its method and path, service, handler, the domain
// functions the handler reaches through entry-points/ and the tests that name it. Repositories are not shown: `deps`
// cannot be followed by reading the source. Usage: npx tsx scripts/route-map.ts [--check] (--check: exit 1 if stale).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { operations, type Operation, type ServiceName } from '@mailplane/contracts';

const root = path.join(__dirname, '..');
const ROUTES = path.join(root, 'docs', 'routes.md');
export const START = '<!-- route-map:start (npm run route-map writes this part; do not edit) -->';
export const END = '<!-- route-map:end -->';
const SERVICES: ServiceName[] = ['gateway', 'mail', 'webhooks', 'billing'];
const SHOWN_TESTS = 3;

const tracked = (pattern: string) =>
  execFileSync('git', ['ls-files', pattern], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const sources = new Map<string, ts.SourceFile>();
function parsed(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    sources.set(file, source);
  }
  return source;
}

function importsOf(source: ts.SourceFile): Map<string, string> {
  const from = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const file = path.join(path.dirname(source.fileName), `${specifier}.ts`);
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) from.set(element.name.text, file);
  }
  return from;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

interface Handler {
  file: string;
  line: number;
  node: ts.Node;
}

/** The properties of the object literals that functions typed as handler maps return, by name. */
function handlersOf(service: ServiceName): Map<string, Handler> {
  const found = new Map<string, Handler>();
  for (const file of tracked(`services/${service}/src/entry-points/*.ts`)) {
    const source = parsed(file);
    walk(source, (node) => {
      if (!ts.isFunctionDeclaration(node) || !node.type || !/Handlers\b|HandlersOf</.test(node.type.getText(source))) return;
      walk(node, (inner) => {
        if (!ts.isReturnStatement(inner) || !inner.expression || !ts.isObjectLiteralExpression(inner.expression)) return;
        for (const property of inner.expression.properties) {
          if (!property.name || !ts.isIdentifier(property.name)) continue;
          const line = source.getLineAndCharacterOfPosition(property.name.getStart(source)).line + 1;
          found.set(property.name.text, { file, line, node: property });
        }
      });
    });
  }
  return found;
}

function declared(file: string, name: string): ts.Node | undefined {
  for (const statement of parsed(file).statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
  }
  return undefined;
}

/** `name (domain/file)` of each domain function called in `node`, and in the entry-points functions it calls. */
function domainCalls(file: string, node: ts.Node, followed = new Set<string>()): string[] {
  const imports = importsOf(parsed(file));
  const calls: string[] = [];
  walk(node, (inner) => {
    if (!ts.isCallExpression(inner) || !ts.isIdentifier(inner.expression)) return;
    const name = inner.expression.text;
    const target = imports.get(name) ?? (declared(file, name) ? file : undefined);
    if (!target) return;
    const domain = target.match(/\/src\/(domain\/.+)\.ts$/);
    if (domain) calls.push(`\`${name}\` (${domain[1]})`);
    else if (target.includes('/entry-points/') && !followed.has(`${target}#${name}`)) {
      followed.add(`${target}#${name}`);
      const helper = declared(target, name);
      if (helper) calls.push(...domainCalls(target, helper, followed));
    }
  });
  return [...new Set(calls)];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the operation id, or its path with `{param}` as any segment but another operation's literal (`/emails/batch`). */
function mentions(op: Operation): RegExp {
  const segments = op.path.split('/');
  const route = segments
    .map((segment, i) => {
      if (!/^\{[^}]+\}$/.test(segment)) return escapeRegExp(segment);
      const prefix = segments.slice(0, i).join('/');
      const literals = operations
        .map((other) => other.path.split('/'))
        .filter((other) => other.slice(0, i).join('/') === prefix && other[i] && !other[i].startsWith('{'))
        .map((other) => escapeRegExp(other[i]));
      const others = [...new Set(literals)];
      return `${others.length ? `(?!(?:${others.join('|')})['"\`?/])` : ''}[^/'"\`\\s?]+`;
    })
    .join('/');
  return new RegExp(`['"\`]${escapeRegExp(op.operationId)}['"\`]|['"\`}]${route}['"\`?]`);
}

/** The test files that mention an operation, its own service's first; those that mention every operation say nothing of one. */
function testsOf(op: Operation, tests: Map<string, string>, everyOperation: Set<string>): string {
  const pattern = mentions(op);
  const own = `services/${op.service}/test/`;
  const matching = [...tests.keys()]
    .filter((file) => !everyOperation.has(file) && pattern.test(tests.get(file) as string))
    .sort((a, b) => Number(b.startsWith(own)) - Number(a.startsWith(own)) || a.localeCompare(b));
  if (matching.length === 0) return '—';
  const name = (file: string) =>
    `\`${file
      .replace(own, '')
      .replace(/^services\//, '')
      .replace(/\.test\.ts$/, '')}\``;
  const shown = matching.slice(0, SHOWN_TESTS).map(name);
  return matching.length > SHOWN_TESTS ? `${shown.join(', ')} and ${matching.length - SHOWN_TESTS} more` : shown.join(', ');
}

/** The route map as docs/routes.md holds it between its markers (links relative to docs/). */
export function routeMap(): string {
  const tests = new Map(tracked('*.test.ts').map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const patterns = operations.map(mentions);
  const everyOperation = new Set([...tests.keys()].filter((file) => patterns.every((p) => p.test(tests.get(file) as string))));
  const sections = SERVICES.map((service) => {
    const handlers = handlersOf(service);
    const rows = operations
      .filter((op) => op.service === service)
      .map((op) => {
        const handler = handlers.get(op.operationId);
        const site = handler ? `[${path.basename(handler.file)}:${handler.line}](../${handler.file}#L${handler.line})` : 'none';
        const domain = handler ? domainCalls(handler.file, handler.node).join(', ') || '—' : '—';
        return `| \`${op.operationId}\` | \`${op.method.toUpperCase()} ${op.path}\` | ${site} | ${domain} | ${testsOf(op, tests, everyOperation)} |`;
      });
    return [`### ${service}`, '', '| operation | route | handler | domain | tests |', '|---|---|---|---|---|', ...rows].join('\n');
  });
  return [START, ...sections.flatMap((section) => ['', section]), '', END].join('\n');
}

export function withRouteMap(page: string, map: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/routes.md has no route map markers (${START} … ${END})`);
  return page.slice(0, start) + map + page.slice(end + END.length);
}

if (require.main === module) {
  const page = readFileSync(ROUTES, 'utf8');
  const updated = withRouteMap(page, routeMap());
  if (process.argv.includes('--check')) {
    if (updated !== page) {
      console.error('docs/routes.md: the route map is out of date. Run `npm run route-map` and commit the result.');
      process.exit(1);
    }
    console.log('docs/routes.md: the route map is up to date.');
  } else {
    writeFileSync(ROUTES, updated);
    console.log(updated === page ? 'docs/routes.md: the route map is up to date.' : 'docs/routes.md: route map written.');
  }
}
