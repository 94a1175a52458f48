import request from 'supertest';

/** The session cookie a browser would keep after signing in with `key` (the sign-in form's CSRF cookie first). */
export async function signIn(dashboardUrl: string, key: string): Promise<{ cookie: string; csrf: string; status: number; html: string }> {
  const form = await request(dashboardUrl).get('/sign-in');
  const signinCookie = (form.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1];
  const res = await request(dashboardUrl).post('/sign-in').set('Cookie', signinCookie).type('form').send({ csrf, apiKey: key });
  const session = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith('mp_session='));
  if (!session) return { cookie: '', csrf: '', status: res.status, html: res.text };
  const cookie = session.split(';')[0];
  const page = await request(dashboardUrl).get('/emails').set('Cookie', cookie);
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1], status: res.status, html: page.text };
}
