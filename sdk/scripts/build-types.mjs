// After tsc: the API's generated types, owned by libs/contracts (`@mailplane/contracts/openapi`, a private workspace),
// are copied into the package, and the declarations that import them are pointed at the copy, so that the published
// package depends on nothing.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(sdk, 'dist');
// tsc writes the specifier in the imports it was given and in the `import("…")` types it inlines.
const SPECIFIER = /(['"])@mailplane\/contracts\/openapi\1/g;

mkdirSync(path.join(dist, 'generated'), { recursive: true });
copyFileSync(path.join(sdk, '..', 'libs', 'contracts', 'src', 'generated', 'openapi.d.ts'), path.join(dist, 'generated', 'openapi.d.ts'));
for (const name of readdirSync(dist).filter((file) => file.endsWith('.js') || file.endsWith('.d.ts'))) {
  const file = path.join(dist, name);
  const text = readFileSync(file, 'utf8').replace(SPECIFIER, '$1./generated/openapi$1');
  if (text.includes('@mailplane/contracts')) {
    throw new Error(`dist/${name} still names @mailplane/contracts, which is not published: the SDK may import only its generated types.`);
  }
  writeFileSync(file, text);
}
