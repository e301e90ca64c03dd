import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, TODAY } from '../../test/admin-test-kit.ts';
import { type ReportsKit, startReports } from '../../test/reports-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('reports and income on %s', (backend) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staffToken: string;
  let get: ReportsKit['get'];

  beforeAll(async () => {
    ({ app, close, staffToken, get } = await startReports(backend, () => NOW));
  });
  afterAll(() => close());

  it('keeps every report for superadmins: 401 without a token, 403 for an admin', async () => {
    for (const url of [
      '/api/admin/reports/inventory',
      `/api/admin/reports/eod?report_date=${TODAY}`,
      '/api/admin/reports/therapist-monthly?year=2026&month=11',
      '/api/admin/income',
    ]) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ detail: 'Not authenticated' });
      const admin = await get(url, staffToken);
      expect(admin.statusCode, url).toBe(403);
      expect(admin.json(), url).toEqual({ detail: 'This action needs a superadmin.' });
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('describes the reports in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/admin/reports/inventory',
      '/api/admin/reports/eod',
      '/api/admin/reports/therapist-monthly',
      '/api/admin/income',
    ]) {
      expect(document.paths[path]?.get?.security, path).toEqual([{ bearerAuth: [] }]);
      expect(document.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
  });
});
