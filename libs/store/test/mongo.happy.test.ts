import { MongoClient } from 'mongodb';
import { createMongoStore } from '../src';
import { storeContract } from './contract';

const url = process.env.MONGODB_URL;

if (!url) {
  console.info('MONGODB_URL is not set: the store contract is not run against MongoDB (set it to a server URL to run it).');
  describe.skip('store contract: mongo (needs MONGODB_URL)', () => {
    it('runs against a MongoDB server', () => undefined);
  });
} else {
  // A database of its own per run, dropped afterwards; the client also reads index options for the TTL check.
  const dbName = `store_contract_${process.pid}_${Date.now()}`;
  const admin = new MongoClient(url);
  afterAll(async () => {
    await admin.db(dbName).dropDatabase();
    await admin.close();
  });

  storeContract('mongo', () => createMongoStore({ url, dbName }), {
    rival: () => createMongoStore({ url, dbName }),
    ttl: {
      kind: 'index',
      async expireAfterSeconds(collection, field) {
        const indexes = await admin.db(dbName).collection(collection).indexes();
        const ttl = indexes.find((ix) => Object.keys(ix.key).join() === field);
        return ttl?.expireAfterSeconds;
      },
    },
  });
}
