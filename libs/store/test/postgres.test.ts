import { createPostgresStore } from '../src';
import { storeContract } from './contract';
import { describeWithPostgres } from '../../../test/support/postgres-env';

describeWithPostgres('postgres store', (url) => {
  const schema = `contract_${process.pid}`;
  storeContract('postgres', () => createPostgresStore({ url, schema }), { ttl: { kind: 'on-read' } });
});
