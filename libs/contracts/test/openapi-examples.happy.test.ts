import { ajv, forAjv } from '../src/ajv';
import { toIssues } from '../src/issues';
import { deref, document } from '../src/openapi';
import { validateResponse } from '../src/validation';

type Raw = Record<string, unknown>;
interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
interface Site {
  operationId: string;
  /** `request`, or the response status. */
  where: string;
  mediaType: string;
  media: Media;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// Every request body and every success response with a body, of the paths and of the outbound webhooks.
function sites(): Site[] {
  const items = [...Object.values(document.paths), ...Object.values(document.webhooks ?? {})] as Raw[];
  return items.flatMap((item) =>
    METHODS.filter((m) => item[m]).flatMap((m) => {
      const op = item[m] as Raw & { operationId: string };
      const body = deref(op.requestBody as { content?: Record<string, Media> } | undefined);
      const requests = Object.entries(body?.content ?? {}).map(([mediaType, media]) => ({ where: 'request', mediaType, media }));
      const responses = Object.entries(op.responses as Record<string, unknown>)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, response]) =>
          Object.entries((deref(response) as { content?: Record<string, Media> }).content ?? {}).map(([mediaType, media]) => ({
            where: status,
            mediaType,
            media,
          })),
        );
      return [...requests, ...responses].map((site) => ({ operationId: op.operationId, ...site }));
    }),
  );
}

const examplesOf = (media: Media): Array<[string, unknown]> => [
  ...(media.example === undefined ? [] : [['example', media.example] as [string, unknown]]),
  ...Object.entries(media.examples ?? {}).map(([name, example]) => [name, deref(example).value] as [string, unknown]),
];

const label = (site: Site) => `${site.operationId} ${site.where} ${site.mediaType}`;
const all = sites();

describe('the examples of openapi.yaml', () => {
  it('covers the request bodies and success responses of the contract', () => {
    expect(all.filter((site) => site.where === 'request').length).toBeGreaterThanOrEqual(41);
    expect(all.filter((site) => site.where !== 'request').length).toBeGreaterThanOrEqual(88);
  });

  it('gives every request body and every success response with a body at least one example with a value', () => {
    const missing = all.filter((site) => examplesOf(site.media).filter(([, value]) => value !== undefined).length === 0).map(label);
    expect(missing).toEqual([]);
  });

  it('has only examples that validate against the schema they stand beside, as the gateway checks requests and the tests check responses', () => {
    const invalid: Array<{ site: string; example: string; issues: unknown }> = [];
    for (const site of all) {
      for (const [name, value] of examplesOf(site.media)) {
        const issues =
          site.where === 'request'
            ? // The gateway's own compilation of a body schema (raw bodies and webhooks included, which it does not check).
              ((validate) => (validate(structuredClone(value)) ? [] : toIssues(validate.errors, '/body')))(
                ajv.compile(forAjv(site.media.schema ?? {}) as object),
              )
            : site.operationId === 'deliverEvent'
              ? []
              : validateResponse(site.operationId, Number(site.where), site.mediaType, value);
        if (issues.length > 0) invalid.push({ site: label(site), example: name, issues });
      }
    }
    expect(invalid).toEqual([]);
  });

  it('uses example.com addresses only, never a real mailbox provider', () => {
    const text = JSON.stringify((document.components as Raw).examples);
    const domains = [...text.matchAll(/[A-Za-z0-9._%+-]+@([A-Za-z0-9.-]+\.[a-z]{2,})/g)].map((m) => m[1]);
    expect(domains.length).toBeGreaterThan(0);
    expect(domains.filter((domain) => !/(^|\.)example\.com$/.test(domain))).toEqual([]);
  });

  it('writes ids in the platform form: a prefix and 26 characters of lowercase Crockford base32 beginning with the time', () => {
    const text = JSON.stringify((document.components as Raw).examples);
    const ids = [...text.matchAll(/\b(key|msg|idn|whe|whd|evt|ten|inr|inb|aud|mem|inv|tpl)_([0-9a-z]+)\b/g)];
    expect(ids.length).toBeGreaterThan(20);
    for (const [whole, , rest] of ids) expect([whole, /^[0-9a-hjkmnp-tv-z]{26}$/.test(rest)]).toEqual([whole, true]);
  });
});
