import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqliteStore } from '../src';
import { storeContract } from './contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

storeContract('sqlite', () => createSqliteStore({ file: path.join(root, 'contract.sqlite3') }), { ttl: { kind: 'on-read' } });
