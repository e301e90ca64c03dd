import { errorResponses } from '@therapy/shared/api-errors';
import {
  CLINIC_CONTACT_FIELDS,
  type ClinicContact,
  type ClinicProfile,
  clinicProfileRequestSchema,
  clinicProfileSchema,
  publicClinicSchema,
  setupStatusSchema,
} from '@therapy/shared/clinic-schemas';
import { SERIES_DEFAULT_MAX_SESSIONS } from '@therapy/shared/series-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import { type CatalogueCache, sendCached } from '../catalog/catalogue-cache.ts';
import type { ClinicService } from './clinic-service.ts';

const tags = ['clinic'];
const adminErrors = errorResponses(400, 401, 403);

/**
 * The clinic profile: the public read the web app shows (header, footer, location cards, legal
 * pages), the superadmins' read and write, and the fresh install's checklist for the dashboard.
 */
export const clinicRoutes: FastifyPluginAsyncZod<{
  clinic: ClinicService;
  catalogueCache: CatalogueCache;
  whatsappEnabled: boolean;
  cancellationNoticeHours: number;
  retentionMonths: number;
  /** SERIES_MAX_SESSIONS: how many sessions the wizard's standing appointment offers. */
  seriesMaxSessions?: number;
}> = async (
  app,
  {
    clinic,
    catalogueCache,
    whatsappEnabled,
    cancellationNoticeHours,
    retentionMonths,
    seriesMaxSessions = SERIES_DEFAULT_MAX_SESSIONS,
  },
) => {
  app.get(
    '/api/clinic',
    {
      access: 'public',
      schema: {
        tags,
        summary: "The clinic's name, phone, e-mail, address and privacy contact ('' where not set yet)",
        response: { 200: publicClinicSchema },
      },
    },
    async (request, reply) => {
      // The profile is part of the catalogue's version (ADR 035): kept serialised until it changes.
      const answer = await catalogueCache.answer('clinic', async () => ({
        ...publicFieldsOf(await clinic.read()),
        whatsapp_enabled: whatsappEnabled,
        cancellation_notice_hours: cancellationNoticeHours,
        retention_months: retentionMonths,
        series_max_sessions: seriesMaxSessions,
      }));
      // Shared by every page of a visit and by caches; a saved change shows within a minute.
      return sendCached(request, reply, answer, 'public, max-age=60');
    },
  );

  app.get(
    '/api/admin/clinic',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'The clinic profile as stored',
        response: { 200: clinicProfileSchema, ...adminErrors },
      },
    },
    () => clinic.read(),
  );

  app.put(
    '/api/admin/clinic',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Save the clinic profile (every field; name, phone and e-mail required)',
        body: clinicProfileRequestSchema,
        response: { 200: clinicProfileSchema, ...adminErrors },
      },
    },
    (request) => {
      const admin = requireAdmin(request);
      return clinic.save(request.body, { actorAdminId: admin.id, actorLabel: admin.email });
    },
  );

  app.get(
    '/api/admin/setup-status',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'What a fresh install still needs: clinic profile, centres, services, therapists, schedules',
        response: { 200: setupStatusSchema, ...errorResponses(401, 403) },
      },
    },
    () => clinic.setupStatus(),
  );
};

/**
 * What the site shows of the profile, picked by name (a field added later for the documents stays
 * off the site until named here): the contact fields and when they were saved.
 */
function publicFieldsOf(profile: ClinicProfile): ClinicContact {
  const { updated_at } = profile;
  return {
    ...Object.fromEntries(CLINIC_CONTACT_FIELDS.map((field) => [field, profile[field]])),
    updated_at,
  } as ClinicContact;
}
