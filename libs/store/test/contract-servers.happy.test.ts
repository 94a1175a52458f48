import { MongoClient } from 'mongodb';
import pg from 'pg';
import { createMongoStore, createPostgresStore } from '../src';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { storeContract } from './contract';

// The store contract on the database servers of the run: PostgreSQL (always under CI), MongoDB wherever MONGODB_URL
// names one. SQLite's run is in sqlite.happy.test.ts.

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

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  describe('mongo store', () => {
    // A database of its own per run, dropped afterwards; the client also reads index options for the TTL check.
    const dbName = `store_contract_${process.pid}_${Date.now()}`;
    const admin = new MongoClient(mongoUrl);
    afterAll(async () => {
      await admin.db(dbName).dropDatabase();
      await admin.close();
    });
    storeContract('mongo', () => createMongoStore({ url: mongoUrl, dbName }), {
      rival: () => createMongoStore({ url: mongoUrl, dbName }),
      ttl: {
        kind: 'index',
        async expireAfterSeconds(collection, field) {
          const indexes = await admin.db(dbName).collection(collection).indexes();
          return indexes.find((ix) => Object.keys(ix.key).join() === field)?.expireAfterSeconds;
        },
      },
    });
  });
}
