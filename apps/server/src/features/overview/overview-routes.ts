import { errorResponses } from '@therapy/shared/api-errors';
import { overviewQuerySchema, overviewSchema } from '@therapy/shared/overview-schemas';
import { overviewWorkbook } from '@therapy/shared/overview-workbook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import writeExcelFile from 'write-excel-file/node';
import { createOverviewService, type OverviewDeps } from './overview-service.ts';

const errors = errorResponses(400, 401, 403);

/** The owner's overview (issue 29): superadmins only; a therapist's or an admin's token gets 403. */
export const overviewRoutes: FastifyPluginAsyncZod<OverviewDeps> = async (app, deps) => {
  const overview = createOverviewService(deps);

  app.get(
    '/api/admin/overview',
    {
      access: 'superadmin',
      schema: {
        tags: ['reports'],
        summary:
          "The owner's overview of bookings dated from..to (at most 366 days) and of the period of the same length before it; format=xlsx: a workbook",
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const figures = await overview.overview(request.query);
      if (request.query.format !== 'xlsx') return figures;
      const book = overviewWorkbook(figures);
      const file = await writeExcelFile(book.data as never, {
        sheet: book.sheet,
        columns: book.widths.map((width) => ({ width })),
      }).toBuffer();
      return (
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${book.fileName}"`)
          // A Buffer goes out as it is (Fastify serialises only objects); the schema describes the JSON.
          .send(file as never)
      );
    },
  );
};
