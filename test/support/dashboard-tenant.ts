import request from 'supertest';
import { subscribedTenant } from './billing';
import { auth, waitForStatus } from './mail';
import type { TestPlatform } from './platform';

const SIM = 'simulator.mailplane.test';

/** A subscribed tenant with a verified domain, a few sent and bounced emails, a template, an endpoint, a suppression. */
export async function dashboardTenant(platform: TestPlatform, webhookUrl: string, domain = 'shop.example.com') {
  const { key } = await subscribedTenant(platform, 'starter');
  const api = (method: 'get' | 'post', url: string, body?: object) => {
    const call = request(platform.url)[method](url).set(auth(key));
    return body ? call.send(body) : call;
  };
  const identity = (await api('post', '/identities', { domain })).body;
  for (const record of identity.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
  await api('post', `/identities/${identity.id}/verify`);
  await api('post', '/identities', { domain: `news.${domain}` });
  await api('post', '/webhooks/endpoints', { url: webhookUrl, eventTypes: ['*'] });
  const template = (
    await api('post', '/templates', {
      name: 'Order shipped',
      alias: 'shipped',
      subject: 'Order {{ n }} shipped',
      html: '<p>On its way.</p>',
    })
  ).body;
  await api('post', `/templates/${template.id}/publish`);
  await api('post', '/suppressions', { email: 'gone@example.org' });
  const sends = [
    { to: `accept@${SIM}`, subject: 'Your receipt #1042' },
    { to: `ada@${SIM}`, subject: 'Welcome to the shop' },
    { to: `bounce@${SIM}`, subject: 'Password reset' },
    { to: `accept@${SIM}`, subject: 'Order 1043 shipped' },
  ];
  const ids: string[] = [];
  for (const s of sends)
    ids.push((await api('post', '/emails', { from: `orders@${domain}`, text: 'Thanks for your order.', ...s })).body.id);
  await waitForStatus(platform.url, key, ids[0], 'sent');
  // The simulator refuses bounce@ at RCPT (5.1.1): the message fails.
  await waitForStatus(platform.url, key, ids[2], 'failed').catch(() => undefined);
  await api('post', '/emails', {
    from: `orders@${domain}`,
    to: `accept@${SIM}`,
    subject: 'Weekly digest',
    text: 'Later.',
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const endpoint = (await api('get', '/webhooks/endpoints')).body.data[0];
  return { key, identityId: identity.id as string, emailId: ids[0], endpointId: endpoint.id as string, templateId: template.id as string };
}

/** Every page of the dashboard a signed-in tenant reaches, by name, for the tenant `dashboardTenant` made. */
export const dashboardPages = (t: Awaited<ReturnType<typeof dashboardTenant>>): [name: string, path: string][] => [
  ['overview', '/overview'],
  ['emails', '/emails'],
  ['email', `/emails/${t.emailId}`],
  ['templates', '/templates'],
  ['template', `/templates/${t.templateId}`],
  ['suppressions', '/suppressions'],
  ['identities', '/identities'],
  ['identity', `/identities/${t.identityId}`],
  ['inbound', '/inbound'],
  ['api-keys', '/api-keys'],
  ['webhooks', '/webhooks'],
  ['webhook', `/webhooks/${t.endpointId}`],
  ['team', '/team'],
  ['audit-log', '/audit-log'],
  ['billing', '/billing'],
  ['reputation', '/reputation'],
];

/** The pages whose empty states a new tenant sees. */
export const emptyPages: [name: string, path: string][] = [
  ['empty-overview', '/overview'],
  ['empty-emails', '/emails'],
  ['empty-identities', '/identities'],
  ['empty-webhooks', '/webhooks'],
  ['empty-suppressions', '/suppressions'],
];
