import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.ts';

const s = await startBenchServer('postgres');
const paths = process.argv.slice(2);
for (const p of paths) {
  await autocannon({ url: s.url + p, connections: 10, duration: 1, workers: 1 });
  const r = await autocannon({ url: s.url + p, connections: 10, duration: 3, workers: 1 });
  console.log(p, Math.round(r.requests.average));
}
await s.close();
