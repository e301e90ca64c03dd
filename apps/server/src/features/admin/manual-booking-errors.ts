import { firstManualBookingError } from '@therapy/shared/manual-booking-schemas';
import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema.js';
import { badRequest } from '../../http/app-error.ts';

/**
 * A refused manual booking body, answered as the form words it: 400 with the first failing rule
 * in the form's order ({"detail": "Therapist is required"}); the limits every text has keep the
 * usual 'Invalid body: field: rule'. The rules themselves are the shared request schema's.
 */
export function manualBookingBodyError(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) {
  const issues = errors.map((error) => ({
    path: error.instancePath.split('/').filter(Boolean),
    message: error.message ?? 'is invalid',
  }));
  const { message, fromForm } = firstManualBookingError(issues);
  return badRequest(fromForm ? message : `Invalid ${dataVar}: ${message}`);
}
