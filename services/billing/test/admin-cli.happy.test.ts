import request from 'supertest';
import { adminCommand } from '../../../platform/admin-cli';
import { expectContract } from '../../../test/support/contract';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const cli = (...args: string[]) => adminCommand(args, { ADMIN_TOKEN, MAILPLANE_URL: platform.url });

describe('npm run admin, for billing', () => {
  it('when the operator grants, lists and takes back, then each line shows the plan and the usage', async () => {
    const { tenantId } = await platform.newTenant('Partner Ltd');
    expect(await cli('grant', tenantId, 'partner')).toMatch(
      new RegExp(`^${tenantId}  partner \\(granted\\)  \\d+/\\d+ emails this month$`),
    );
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect(await cli('grant', tenantId, 'partner', until)).toContain(`partner (granted until ${until})`);

    const listed = await cli('list-tenants');
    expect(listed.split('\n')).toContainEqual(
      expect.stringMatching(new RegExp(`^${tenantId}  partner \\(granted until .+\\)  \\d+/50000 emails this month  Partner Ltd$`)),
    );
    expect(listed).toMatch(/ free {2}\d+\/\d+ emails this month {2}Sandbox/);

    expect(await cli('revoke-grant', tenantId)).toMatch(new RegExp(`^${tenantId}  free  `));
    expect(JSON.parse(await cli('billing', tenantId)).ledger).toMatchObject({ balanced: true, grantedCents: 0 });
  });

  it('when the operator lists tenants over HTTP, then newest first, paged, in the contract', async () => {
    const { tenantId } = await platform.newTenant('Newest');
    const res = await request(platform.url).get('/admin/tenants?limit=2').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBe(200);
    expectContract(res, 'listTenants');
    expect(res.body).toMatchObject({ limit: 2, offset: 0, data: [{ tenantId, name: 'Newest', sandbox: false }, expect.anything()] });
    expect(res.body.total).toBeGreaterThan(2);
  });

  it('when a command is unknown or lacks its arguments, then it fails with the usage', async () => {
    await expect(cli('grant', 'ten_x')).rejects.toThrow(/usage: npm run admin/);
    await expect(cli('frobnicate')).rejects.toThrow(/list-tenants/);
  });
});
