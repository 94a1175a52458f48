import type { Request, Response } from 'express';
import type { Mailplane, RenderedTemplate } from '@mailplane/sdk';
import { base, chromeFor, handle, idOf, notFoundFor, type Kit } from '../kit';
import { layout } from '../views/layout';
import { templateBody, templatesBody } from '../views/templates';
import { versionBody } from '../views/template-preview';

const TPL = /^tpl_[0-9a-z]{26}$/;
const field = (req: Request, name: string) => String(req.body?.[name] ?? '');
/** An empty textarea is no such body. */
const body = (req: Request, name: string) => field(req, name).replace(/\r\n/g, '\n') || null;

/** The preview's sample variables, carried by the editor's forms so saving or publishing keeps them. */
const sampleParam = (req: Request) => encodeURIComponent(field(req, 'sample') || '{}');

/** The sample variables of the preview: an object of JSON, else none (and the preview says why). */
function sampleOf(text: string): { variables: Record<string, unknown>; invalid: boolean } {
  if (!text.trim()) return { variables: {}, invalid: false };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return { variables: parsed as Record<string, unknown>, invalid: false };
  } catch {
    /* shown as a problem below */
  }
  return { variables: {}, invalid: true };
}

async function preview(client: Mailplane, id: string, sample: string, version?: number): Promise<RenderedTemplate> {
  const { variables, invalid } = sampleOf(sample);
  const rendered = await client.templates.render(id, { variables, ...(version ? { version } : {}) });
  if (!invalid) return rendered;
  const error = {
    field: 'subject' as const,
    line: null,
    column: null,
    message: 'The sample variables are not a JSON object; previewed without them.',
  };
  return { ...rendered, valid: false, errors: [error, ...rendered.errors] };
}

/** Templates: the list, a new one, the editor beside its preview, publish, the version history, a version, delete. */
export function templateRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const notFound = (req: Request, res: Response) => notFoundFor(kit, req, res);

  app.get(
    '/templates',
    handle(async (req, res) => {
      const q = String(req.query.q ?? '').slice(0, 200);
      const list = await api(sessionOf(req)).templates.list({ limit: 100, ...(q ? { q } : {}) });
      page(res, layout(base(req), chromeFor(kit, req, 'Templates', 'templates'), templatesBody(base(req), list, sessionOf(req).csrf, q)));
    }),
  );
  app.post(
    '/templates',
    handle(async (req, res) => {
      const [html, text, alias] = [body(req, 'html'), body(req, 'text'), field(req, 'alias').trim()];
      const created = await api(sessionOf(req)).templates.create({
        name: field(req, 'name'),
        subject: field(req, 'subject'),
        ...(alias ? { alias } : {}),
        ...(html ? { html } : {}),
        ...(text ? { text } : {}),
      });
      res.redirect(303, `${base(req)}/templates/${created.id}?notice=template-created`);
    }),
  );
  app.get(
    '/templates/:id',
    handle(async (req, res) => {
      if (!TPL.test(idOf(req))) return notFound(req, res);
      const client = api(sessionOf(req));
      const sample = String(req.query.sample ?? '{}');
      const [template, versions, rendered] = await Promise.all([
        client.templates.get(idOf(req)),
        client.templates.versions(idOf(req), { limit: 100 }),
        preview(client, idOf(req), sample),
      ]);
      const bodyHtml = templateBody(base(req), template, versions, rendered, sample, sessionOf(req).csrf);
      page(res, layout(base(req), chromeFor(kit, req, template.name, 'templates'), bodyHtml));
    }),
  );
  app.post(
    '/templates/:id',
    handle(async (req, res) => {
      if (!TPL.test(idOf(req))) return notFound(req, res);
      await api(sessionOf(req)).templates.update(idOf(req), {
        name: field(req, 'name'),
        alias: field(req, 'alias').trim() || null,
        subject: field(req, 'subject'),
        html: body(req, 'html'),
        text: body(req, 'text'),
      });
      res.redirect(303, `${base(req)}/templates/${idOf(req)}?notice=draft-saved&sample=${sampleParam(req)}`);
    }),
  );
  app.post(
    '/templates/:id/publish',
    handle(async (req, res) => {
      if (!TPL.test(idOf(req))) return notFound(req, res);
      const published = await api(sessionOf(req)).templates.publish(idOf(req));
      res.redirect(303, `${base(req)}/templates/${idOf(req)}?notice=published-${published.publishedVersion}&sample=${sampleParam(req)}`);
    }),
  );
  app.get(
    '/templates/:id/versions/:version',
    handle(async (req, res) => {
      const number = Number(req.params.version);
      if (!TPL.test(idOf(req)) || !Number.isInteger(number) || number < 1 || number > 1_000_000) return notFound(req, res);
      const client = api(sessionOf(req));
      const sample = String(req.query.sample ?? '{}');
      const [template, version, rendered] = await Promise.all([
        client.templates.get(idOf(req)),
        client.templates.version(idOf(req), number),
        preview(client, idOf(req), sample, number),
      ]);
      const title = `${template.name} v${number}`;
      page(
        res,
        layout(base(req), chromeFor(kit, req, title, 'templates'), versionBody(base(req), template.name, version, rendered, sample)),
      );
    }),
  );
  app.post(
    '/templates/:id/delete',
    handle(async (req, res) => {
      if (!TPL.test(idOf(req)) || req.body?.confirm !== 'yes') return notFound(req, res);
      await api(sessionOf(req)).templates.delete(idOf(req));
      res.redirect(303, `${base(req)}/templates?notice=template-deleted`);
    }),
  );
}
