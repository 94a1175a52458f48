import pg from 'pg';
import { createPostgresStore } from '../src';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { storeContract } from './contract';

describeWithPostgres('postgres store', (url) => {
  const schema = `contract_${process.pid}`;
  // The killed child names itself, so that the test can watch its statement on the server.
  const application = `mptest_kill_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  beforeAll(() => admin.connect());
  afterAll(() => admin.end());
  const backends = async (where: string) =>
    Number(
      (await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND ${where}`, [application])).rows[0].n,
    );

  storeContract('postgres', () => createPostgresStore({ url, schema }), {
    ttl: { kind: 'on-read' },
    rival: () => createPostgresStore({ url, schema, ownPool: true }),
    child: {
      config: { postgresUrl: `${url}${url.includes('?') ? '&' : '?'}application_name=${application}`, schema },
      writing: async () => (await backends(`state = 'active' AND query LIKE 'INSERT%'`)) > 0,
      settled: async () => (await backends('true')) === 0,
    },
  });
});
