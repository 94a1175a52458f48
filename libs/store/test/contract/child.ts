// Run by the kill test as a process of its own: opens the store it is given and writes one large batch.
import { createStore, type StoreConfig } from '../../src';

async function main() {
  const [config, name, size] = process.argv.slice(2);
  const store = await createStore(JSON.parse(config) as StoreConfig);
  const docs = Array.from({ length: Number(size) }, (_, i) => ({ _id: `d${i}`, n: i, text: `document number ${i} of the batch` }));
  process.stdout.write('writing\n');
  await store.collection(name).insertMany(docs);
  process.stdout.write('written\n');
  await store.close();
}

void main();
