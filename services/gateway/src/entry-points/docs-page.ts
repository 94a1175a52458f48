import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundledDocument, toYaml } from '@mailplane/contracts';
import type { RpcReply } from '@mailplane/contracts';

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

/**
 * The contract and its reference page, built once per process. Swagger UI injects style attributes and
 * draws its icons as data: images; everything else comes from this origin, and "Try it out" may call
 * only this instance.
 */
export function docsReplies(publicUrl: string | undefined) {
  const document = bundledDocument(publicUrl ?? '/');
  const json = JSON.stringify(document);
  const yaml = toYaml(document);
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
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${document.info.title}</title><link rel="icon" href="data:,">` +
    `<link rel="stylesheet" href="${asset('swagger-ui.css')}"><link rel="stylesheet" href="${asset('docs.css')}"></head>` +
    `<body><main id="docs"></main><script src="${asset('swagger-ui-bundle.js')}"></script><script src="${asset('docs.js')}"></script></body></html>`;
  const theDocument = (contentType: string, body: string) => (): RpcReply<string> => ({
    status: 200,
    contentType,
    body,
    headers: { 'Cache-Control': SHORT_CACHE },
  });
  return {
    openApiJson: theDocument('application/json', json),
    openApiYaml: theDocument('application/yaml', yaml),
    page: (): RpcReply<string> => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: html,
      headers: {
        'Cache-Control': SHORT_CACHE,
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    }),
    asset: (name: string, requestedVersion: unknown): RpcReply<string> => ({
      status: 200,
      contentType: ASSETS[name].contentType,
      body: files.get(name) ?? '', // the contract's enum of names keeps an unknown one out
      headers: { 'Cache-Control': requestedVersion === version ? VERSIONED_CACHE : ASSET_CACHE, 'X-Content-Type-Options': 'nosniff' },
    }),
  };
}
