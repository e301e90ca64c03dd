// scratch: generates the bench's million bookings in database backup_scale (not committed)

import { generateScaleData } from '../../bench/scale-data.ts';
import { ensureScaleDatabase } from '../../bench/scale-database.ts';
import { openPostgres } from './src/db/database.ts';
import { migrate } from './src/db/migrate.ts';
import { loadDemoData } from './src/features/demo-data/load-demo-data.ts';

const url = await ensureScaleDatabase('postgres://postgres@127.0.0.1:5432/test', 'backup_scale', false);
if (url) {
  const db = await openPostgres(url);
  await migrate(db);
  await loadDemoData(db);
  const t = performance.now();
  await generateScaleData(db, new Date().toISOString().slice(0, 10), console.log);
  console.log('generated in', (performance.now() - t) / 1000);
  await db.close();
}
