#!/usr/bin/env node
// Generates the TypeScript types of the HTTP contract with openapi-typescript from libs/contracts/openapi.yaml
// (the event data it references in schemas/events.json is bundled into `components['schemas']`) into
// libs/contracts/src/generated/openapi.d.ts, which the SDK imports as `@mailplane/contracts/openapi` (its build copies
// the file into the published package, sdk/scripts/build.mjs). A second file, service-operations.ts beside it, names
// each service's operations (from their `x-service`) for the services' handler maps.
// Usage: node scripts/generate-contract-types.mjs           (write)
//        node scripts/generate-contract-types.mjs --check   (exit 1 when a committed file differs)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { parse } from 'yaml';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = path.join(root, 'libs', 'contracts');
const openapiFile = path.join(contracts, 'src', 'generated', 'openapi.d.ts');
const serviceOperationsFile = path.join(contracts, 'src', 'generated', 'service-operations.ts');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const options = { defaultNonNullable: false, emptyObjectsUnknown: true };
const banner = (source) => `// Generated from ${source} by scripts/generate-contract-types.mjs (npm run generate). Do not edit.\n`;

/**
 * An `anyOf` of constraints only (`required` lists, and `properties` that narrow ones the schema declares, as in
 * "at least one of a non-empty text and html") would make openapi-typescript type the whole schema `unknown`;
 * without it the type keeps every property, each optional. ajv still enforces the rule.
 */
function withoutRequiredOnlyAnyOf(node) {
  if (Array.isArray(node)) return node.map(withoutRequiredOnlyAnyOf);
  if (node === null || typeof node !== 'object') return node;
  const requiredOnly = (member) => Object.keys(member).every((key) => ['required', 'description', 'properties'].includes(key));
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'anyOf' && Array.isArray(value) && value.every(requiredOnly)))
      .map(([key, value]) => [key, withoutRequiredOnlyAnyOf(value)]),
  );
}

async function openapiTypes(contract) {
  const document = withoutRequiredOnlyAnyOf(contract);
  const cwd = pathToFileURL(path.join(contracts, 'openapi.yaml')); // relative $refs resolve beside it
  return banner('libs/contracts/openapi.yaml') + astToString(await openapiTS(document, { ...options, cwd }));
}

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * One interface per service (`MailOperations`, …) whose keys are the operation ids it owns, in document order,
 * each the operation's generated type; and the ids whose body travels as raw bytes (`x-raw-body`), which a
 * handler receives unparsed. Keyed interfaces rather than unions, so that a handler map typed from one leads
 * "go to definition" from a handler's key to its operation here, and "find references" back.
 */
function serviceOperationTypes(contract) {
  const byService = new Map();
  const rawBody = [];
  for (const [route, item] of Object.entries(contract.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method];
      if (!byService.has(op['x-service'])) byService.set(op['x-service'], []);
      byService
        .get(op['x-service'])
        .push(`  /** ${method.toUpperCase()} ${route} */\n  ${op.operationId}: operations['${op.operationId}'];`);
      if (op['x-raw-body'] === true) rawBody.push(op.operationId);
    }
  }
  const interfaces = [...byService.keys()]
    .sort()
    .map(
      (service) =>
        `/** The operations \`x-service: ${service}\` serves. */\nexport interface ${pascal(service)}Operations {\n${byService.get(service).join('\n')}\n}\n`,
    );
  return [
    banner('libs/contracts/openapi.yaml'),
    "import type { operations } from './openapi';\n",
    ...interfaces,
    '/** Operations whose body is forwarded as raw bytes (`x-raw-body`) for their service to verify and parse. */',
    `export type RawBodyOperationId = ${rawBody.map((id) => `'${id}'`).join(' | ') || 'never'};\n`,
  ].join('\n');
}

async function generate() {
  const config = await prettier.resolveConfig(path.join(root, 'package.json'));
  const format = (text) => prettier.format(text, { ...config, parser: 'typescript' });
  const contract = parse(readFileSync(path.join(contracts, 'openapi.yaml'), 'utf8'));
  return {
    [openapiFile]: await format(await openapiTypes(contract)),
    [serviceOperationsFile]: await format(serviceOperationTypes(contract)),
  };
}

const files = await generate();
const stale = [];
for (const [file, text] of Object.entries(files)) {
  let current;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  stale.push(path.relative(root, file));
  if (!process.argv.includes('--check')) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(`Out of date with the contract: ${stale.join(', ')}. Run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log('Generated contract types are up to date.');
} else {
  console.log(stale.length > 0 ? `Wrote ${stale.join(', ')}` : 'Nothing to write: generated contract types are up to date.');
}
