#!/usr/bin/env node
// Generates the TypeScript types of the HTTP contract with openapi-typescript from libs/contracts/openapi.yaml
// (the event data it references in schemas/events.json is bundled into `components['schemas']`). One file, in the
// published SDK (sdk/src/generated), which cannot import a private workspace; libs/contracts imports its types
// from there.
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
const targets = [path.join(root, 'sdk', 'src', 'generated')];
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

async function openapiTypes() {
  const document = withoutRequiredOnlyAnyOf(parse(readFileSync(path.join(contracts, 'openapi.yaml'), 'utf8')));
  const cwd = pathToFileURL(path.join(contracts, 'openapi.yaml')); // relative $refs resolve beside it
  return banner('libs/contracts/openapi.yaml') + astToString(await openapiTS(document, { ...options, cwd }));
}

async function generate() {
  const config = await prettier.resolveConfig(path.join(root, 'package.json'));
  const format = (text) => prettier.format(text, { ...config, parser: 'typescript' });
  return { 'openapi.ts': await format(await openapiTypes()) };
}

const files = await generate();
const stale = [];
for (const dir of targets) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    let current;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === text) continue;
    stale.push(path.relative(root, file));
    if (!process.argv.includes('--check')) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, text);
    }
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
