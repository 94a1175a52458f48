import type { Request } from 'express';
import { base, noticeOf, utc, type Kit } from '../kit';
import { layout } from '../views/layout';
import type { ListEmailsQuery } from '@mailplane/sdk';
import { emailBody, emailsBody, isStatus } from '../views/emails';
import { toneOf } from '../html';
import { notFoundPage } from '../views/errors';
const ID = /^msg_[0-9a-z]{26}$/;
const FINAL = new Set(['sent', 'failed', 'suppressed', 'canceled', 'bounced', 'complained']);

/** The list's filters from the page's query string; a value the form could not have sent is left out. */
function listQuery(query: Request['query']): ListEmailsQuery {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const [status, from, to, offset] = [text('status'), text('from'), text('to'), Number(text('offset'))];
  return {
    status: status && isStatus(status) ? status : undefined,
    identityId: text('identityId'),
    q: text('q'),
    recipient: text('recipient'),
    from: from && utc(from),
    to: to && utc(to),
    offset: Number.isInteger(offset) && offset > 0 && offset <= 10_000 ? offset : undefined,
  };
}

/** Emails: the filtered list, the test email form, a message page and its live status. */
export function emailRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;

  app.get('/emails', async (req, res, next) => {
    const session = sessionOf(req);
    const query = listQuery(req.query);
    try {
      const [list, identities] = await Promise.all([api(session).emails.list(query), api(session).identities.list({ limit: 100 })]);
      page(
        res,
        layout(
          base(req),
          { title: 'Emails', csrf: session.csrf, current: 'emails', notice: noticeOf(req) },
          emailsBody(base(req), list, query, identities.data, session.csrf, kit.docsUrl),
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  app.post('/emails/test', async (req, res, next) => {
    const session = sessionOf(req);
    try {
      const sent = await api(session).emails.sendTest({ to: String(req.body?.to ?? '') });
      res.redirect(303, `${base(req)}/emails/${sent.id}?notice=test-sent`);
    } catch (err) {
      next(err);
    }
  });

  app.get('/emails/:id/status', async (req, res, next) => {
    if (!ID.test(req.params.id)) return res.status(404).json({ status: 'not_found' });
    try {
      const email = await api(sessionOf(req)).emails.get(req.params.id);
      res.json({ status: email.status, tone: toneOf(email.status), final: FINAL.has(email.status) });
    } catch (err) {
      next(err);
    }
  });

  app.get('/emails/:id', async (req, res, next) => {
    const session = sessionOf(req);
    if (!ID.test(req.params.id)) return page(res, notFoundPage(base(req), { csrf: session.csrf, current: 'emails' }), 404);
    try {
      const client = api(session);
      const [email, endpoints, replies] = await Promise.all([
        client.emails.get(req.params.id),
        client.webhooks.list({ limit: 100 }),
        client.inbound.list({ emailId: req.params.id, limit: 50 }),
      ]);
      const logs = await Promise.all(
        endpoints.data.map(async (e) =>
          (await client.webhooks.deliveries(e.id, { messageId: email.id, limit: 50 })).data.map((d) => ({ ...d, endpointUrl: e.url })),
        ),
      );
      const events = logs.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      page(
        res,
        layout(
          base(req),
          { title: email.subject, csrf: session.csrf, current: 'emails', notice: noticeOf(req) },
          emailBody(base(req), email, events, replies.data),
        ),
      );
    } catch (err) {
      next(err);
    }
  });
}
