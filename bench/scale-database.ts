import pg from 'pg';

/** The database `npm run bench -- --scale` uses, kept between runs (decision 034). */
export const DEFAULT_SCALE_DATABASE = 'therapy_scale';

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const inDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The URL of database `name` on the DATABASE_URL server, ready for the scale data: kept when it
 * holds a complete set (its mark); made anew when asked to, or when an earlier generation stopped
 * part way (its bookings would clash with a second set). Never dropped while someone reads it:
 * PostgreSQL refuses, and the message says so.
 */
export async function ensureScaleDatabase(serverUrl: string, name: string, regenerate: boolean) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--scale-db: "${name}" is not a plain database name`);
  const url = inDatabase(serverUrl, name);
  await withClient(serverUrl, async (server) => {
    const { rows } = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) {
      const complete = await withClient(url, async (database) => {
        const mark = await database.query("SELECT to_regclass('bench_scale_done') IS NOT NULL AS done");
        return mark.rows[0]?.done === true;
      });
      if (complete && !regenerate) return;
      await server.query(`DROP DATABASE ${name}`);
    }
    await server.query(`CREATE DATABASE ${name}`);
  });
  return url;
}
