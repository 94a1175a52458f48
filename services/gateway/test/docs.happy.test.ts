import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';
import { document, operations } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

// The validator is ESM-only; it runs in a child process, as in the contract's own document test.
function thirdPartyValidation(doc: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    console.log(JSON.stringify(await new Validator().validate(JSON.parse(text))));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, input: JSON.stringify(doc), encoding: 'utf8' }),
  );
}

const refsOf = (node: unknown): string[] =>
  Array.isArray(node)
    ? node.flatMap(refsOf)
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [String(value)] : refsOf(value)))
      : [];

describe('the published contract', () => {
  it('when fetched without a key, then /openapi.json is a valid, self-contained OpenAPI 3.1 document naming this instance', async () => {
    const res = await request(platform.url).get('/openapi.json');
    expectContract(res, 'getOpenApiJson');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(thirdPartyValidation(res.body)).toEqual({ valid: true });
    expect(res.body.servers).toEqual([
      { url: new URL(platform.url).origin.replace('127.0.0.1', 'localhost'), description: 'This instance' },
    ]);
    expect(refsOf(res.body).filter((ref) => !ref.startsWith('#/'))).toEqual([]);
    expect(Object.keys(res.body.paths)).toEqual(Object.keys(document.paths));
    const ids = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it('when fetched as YAML, then it is the same document', async () => {
    const [json, yaml] = await Promise.all([request(platform.url).get('/openapi.json'), request(platform.url).get('/openapi.yaml')]);
    expectContract(yaml, 'getOpenApiYaml');
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(YAML.parse(yaml.text)).toEqual(json.body);
  });

  it('when the docs page is fetched, then its CSP allows scripts and styles from this origin only, and its assets are cached for good under their version', async () => {
    const page = await request(platform.url).get('/docs');
    expectContract(page, 'showDocs');
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const links = [...page.text.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(links.map((link) => link.split('?')[0]).sort()).toEqual(
      ['/docs/assets/docs.css', '/docs/assets/docs.js', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css'].sort(),
    );
    for (const link of links) {
      const asset = await request(platform.url).get(link);
      expectContract(asset, 'getDocsAsset');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.text.length).toBeGreaterThan(0);
    }
    const unversioned = await request(platform.url).get('/docs/assets/swagger-ui.css');
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600');
  });
});

const GUIDES = readdirSync(path.join(__dirname, '..', '..', '..', 'docs', 'guides'))
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .map((file) => file.slice(0, -3));
const hrefsOf = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const idsOf = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));

describe('the guides', () => {
  it('when /docs or /docs/guides is opened, then its navigation links the reference, the index and every guide of docs/guides', async () => {
    for (const [url, operationId] of [
      ['/docs', 'showDocs'],
      ['/docs/guides', 'listGuides'],
    ] as const) {
      const page = await request(platform.url).get(url);
      expectContract(page, operationId);
      const nav = /<nav class="docs-nav"[^>]*>(.*?)<\/nav>/s.exec(page.text)?.[1] ?? '';
      expect(hrefsOf(nav).sort()).toEqual(['/docs', '/docs/guides', ...GUIDES.map((name) => `/docs/guides/${name}`)].sort());
    }
  });

  it.each(GUIDES)(
    'when the %s guide is opened, then it is its markdown as a page that runs no script, and every link to a guide or heading leads somewhere',
    async (name) => {
      const page = await request(platform.url).get(`/docs/guides/${name}`);
      expectContract(page, 'getGuide');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.headers['content-security-policy']).not.toContain('script-src');
      expect(page.text).not.toMatch(/<script/i);
      expect(page.text).toMatch(/<main class="guide"><h1 id="[a-z0-9-]+">/);
      const main = page.text.slice(page.text.indexOf('<main'));
      for (const href of hrefsOf(main)) {
        if (/^https?:/.test(href)) continue;
        const [target, anchor] = href.split('#');
        const html = target ? (await request(platform.url).get(target).expect(200)).text : main;
        if (anchor) expect({ href, found: idsOf(html).has(anchor) }).toEqual({ href, found: true });
      }
    },
  );
});
