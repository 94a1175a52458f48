import { measureApi } from './bench/volume-api';
import { fmt } from './bench/volume-stats';
const [url, key] = process.argv.slice(2);
const identities = await fetch(`${url}/identities`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
const res = await measureApi(url, key, (identities as { data: Array<{ id: string }> }).data[0].id, Number(process.env.RATE ?? 50), 10);
for (const [k, s] of Object.entries(res)) console.log(`${k.padEnd(28)} ${fmt(s.p50)} / ${fmt(s.p99)}${s.error ? ` ERR ${s.error}` : ''}`);
