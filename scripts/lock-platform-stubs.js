#!/usr/bin/env node
// This machine's npm registry lacks other platforms' optional native binaries (404), so npm drops them
// from package-lock.json and `npm ci` then rejects the lock. Record each as an optional, platform-guarded
// entry: `npm ci` accepts the lock and skips them here, as it would on any other mirror.
// Usage: node scripts/lock-platform-stubs.js  (after every `npm install`)
const fs = require('node:fs');
const file = require('node:path').join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'openbsd', 'netbsd', 'sunos', 'aix', 'wasm32'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};
let added = 0;
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((o) => parts.includes(o));
    const cpu = parts.map((p) => CPU[p]).find(Boolean);
    if (!os) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      optional: true,
      os: [os],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(parts.includes('musl') || parts.includes('musleabihf')
        ? { libc: ['musl'] }
        : parts.includes('gnu') || parts.includes('gnueabihf')
          ? { libc: ['glibc'] }
          : {}),
    };
    added++;
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`platform stubs added: ${added}`);
