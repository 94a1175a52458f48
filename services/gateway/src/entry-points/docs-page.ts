import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError, bundledDocument, toYaml } from '@mailplane/contracts';
import type { RpcReply } from '@mailplane/contracts';
import { escape } from '@mailplane/html';
import { loadGuides, type Guide } from './guide-pages';

const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const OWN = path.join(__dirname, '..', 'docs');

const ASSETS: Record<string, { file: string; contentType: string }> = {
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI, 'swagger-ui-bundle.js'), contentType: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: path.join(SWAGGER_UI, 'swagger-ui.css'), contentType: 'text/css; charset=utf-8' },
  'docs.js': { file: path.join(OWN, 'docs.js'), contentType: 'text/javascript; charset=utf-8' },
  'docs.css': { file: path.join(OWN, 'docs.css'), contentType: 'text/css; charset=utf-8' },
};

const SHORT_CACHE = 'public, max-age=300';
const ASSET_CACHE = 'public, max-age=3600';
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';

const htmlPage = (body: string, csp: string): RpcReply<string> => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: {
    'Cache-Control': SHORT_CACHE,
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  },
});

/**
 * The YAML and the guides are built when first asked for: a third of a second of every replica's start otherwise, and
 * most never serve them. Swagger UI injects style attributes and draws its icons as data: images; "Try it out" may call
 * only this instance.
 */
export function docsReplies(publicUrl: string | undefined) {
  const document = bundledDocument(publicUrl ?? '/');
  const json = JSON.stringify(document);
  const files = new Map(Object.entries(ASSETS).map(([name, asset]) => [name, readFileSync(asset.file, 'utf8')]));
  const version = createHash('sha256')
    .update([...files.values()].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const apiOrigin = publicUrl ? ` ${new URL(publicUrl).origin}` : '';
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const asset = (name: string) => `/docs/assets/${name}?v=${version}`;
  const nav = (current: string) => {
    const link = (href: string, label: string, name: string) =>
      `<a href="${href}"${name === current ? ' aria-current="page"' : ''}>${escape(label)}</a>`;
    const pages = [...guides().values()].filter((g) => g.name !== 'README');
    return (
      '<nav class="docs-nav" aria-label="Documentation">' +
      link('/docs', 'API reference', 'reference') +
      link('/docs/guides', 'Guides', 'README') +
      `<span class="docs-nav-guides">${pages.map((g) => link(`/docs/guides/${g.name}`, g.title, g.name)).join('')}</span></nav>`
    );
  };
  const head = (title: string, styles: string[]) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(title)}</title><link rel="icon" href="data:,">` +
    styles.map((name) => `<link rel="stylesheet" href="${asset(name)}">`).join('') +
    '</head>';
  const html = once(
    () =>
      head(document.info.title, ['swagger-ui.css', 'docs.css']) +
      `<body>${nav('reference')}<main id="docs"></main><script src="${asset('swagger-ui-bundle.js')}"></script><script src="${asset('docs.js')}"></script></body></html>`,
  );
  const guidePage = (guide: Guide) =>
    head(`${guide.title} · ${document.info.title}`, ['docs.css']) +
    `<body>${nav(guide.name)}<main class="guide">${guide.html}</main></body></html>`;
  const guides = once(loadGuides);
  const guidePages = once(() => new Map([...guides().values()].map((guide) => [guide.name, guidePage(guide)])));
  // The guides run no script and call nothing.
  const guideCsp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const theDocument = (contentType: string, body: () => string) => (): RpcReply<string> => ({
    status: 200,
    contentType,
    body: body(),
    headers: { 'Cache-Control': SHORT_CACHE },
  });
  return {
    openApiJson: theDocument('application/json', () => json),
    openApiYaml: theDocument(
      'application/yaml',
      once(() => toYaml(document)),
    ),
    page: (): RpcReply<string> => htmlPage(html(), csp),
    guide: (name: string): RpcReply<string> => {
      const page = name === 'README' ? undefined : guidePages().get(name);
      if (page === undefined) throw new AppError('not_found', `No guide ${name}: /docs/guides lists them.`);
      return htmlPage(page, guideCsp);
    },
    guideIndex: (): RpcReply<string> => htmlPage(guidePages().get('README') ?? '', guideCsp),
    asset: (name: string, requestedVersion: unknown): RpcReply<string> => ({
      status: 200,
      contentType: ASSETS[name].contentType,
      body: files.get(name) ?? '', // the contract's enum of names keeps an unknown one out
      headers: { 'Cache-Control': requestedVersion === version ? VERSIONED_CACHE : ASSET_CACHE, 'X-Content-Type-Options': 'nosniff' },
    }),
  };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
