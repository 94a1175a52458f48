import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { document } from '@mailplane/contracts';
import { Mailplane, OPERATIONS, WEBHOOK_OPERATIONS, verifyWebhook } from '../src';

const root = path.join(__dirname, '..', '..');
type PathItem = Record<string, { operationId?: string }>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** operationId → `METHOD path` for every operation of a `paths` or `webhooks` object of the document. */
function operationsOf(items: Record<string, PathItem> = {}): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [route, item] of Object.entries(items)) {
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId) found[operationId] = `${method.toUpperCase()} ${route}`;
    }
  }
  return found;
}

describe('SDK against openapi.yaml', () => {
  it('keeps the committed generated types equal to a fresh generation from the contract', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'generate-contract-types.mjs'), '--check'], {
      cwd: root,
    });
    expect(stdout).toContain('up to date');
  }, 60_000);

  it('maps every operation of the contract, with its method and path, to an SDK method or a reason', () => {
    const doc = document as unknown as { paths: Record<string, PathItem>; webhooks?: Record<string, PathItem> };
    const mapped = Object.fromEntries(Object.entries(OPERATIONS).map(([id, route]) => [id, `${route.method} ${route.path}`]));
    expect(mapped).toEqual(operationsOf(doc.paths));
    expect(Object.keys(WEBHOOK_OPERATIONS).sort()).toEqual(Object.keys(operationsOf(doc.webhooks)).sort());
  });

  it('names only SDK methods that exist', () => {
    const mailplane = new Mailplane({ apiKey: 'mp_x' }) as unknown as Record<string, Record<string, unknown>>;
    const exported: Record<string, unknown> = { verifyWebhook };
    for (const { sdk } of [...Object.values(OPERATIONS), ...Object.values(WEBHOOK_OPERATIONS)]) {
      if (typeof sdk !== 'string') continue;
      const [resource, ...path] = sdk.split('.');
      const start = path.length ? mailplane[resource] : (mailplane[resource] ?? exported[resource]);
      const target = path.reduce<unknown>((at, name) => (at as Record<string, unknown> | undefined)?.[name], start);
      expect({ sdk, type: typeof target }).toEqual({ sdk, type: 'function' });
    }
  });
});
