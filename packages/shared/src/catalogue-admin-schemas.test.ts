import { describe, expect, it } from 'vitest';
import { offersSessionType, therapistTypeLabel } from './booking-rules.ts';
import {
  CENTRE_NEEDED,
  fieldErrorsOf,
  locationRequestSchema,
  therapistRequestSchema,
} from './catalogue-admin-schemas.ts';
import { joinBio, splitBio, THERAPIST_NAME_PATTERN } from './therapist-name.ts';

describe('catalogue management rules', () => {
  it('lists type 1 and 3 online, type 2 and 3 in person (ADR 029)', () => {
    expect([1, 2, 3].filter((type) => offersSessionType(type, 'online'))).toEqual([1, 3]);
    expect([1, 2, 3].filter((type) => offersSessionType(type, 'offline'))).toEqual([2, 3]);
    expect([1, 2, 3].map(therapistTypeLabel)).toEqual(['Online', 'In-Person', 'Online & In-Person']);
  });

  it("accepts names in the 'prefix.Name' form only", () => {
    for (const name of ['Dr.Asha Menon', 'Ms.Priya K. Rao', 'Mr. Arjun Das', 'Dr.Zoë D’Souza']) {
      expect(THERAPIST_NAME_PATTERN.test(name), name).toBe(true);
    }
    for (const name of [
      'Asha Menon',
      'Dr.',
      '.Asha',
      'Dr.1Asha',
      'Dr.Asha\nMenon',
      `Dr.${'a'.repeat(100)}`,
    ]) {
      expect(THERAPIST_NAME_PATTERN.test(name), name).toBe(false);
    }
  });

  it('splits and joins the bio parts', () => {
    const parts = splitBio('Warm sessions.| M.A. |8 years');
    expect(parts).toEqual({ description: 'Warm sessions.', qualifications: 'M.A.', experience: '8 years' });
    expect(joinBio(parts)).toBe('Warm sessions.|M.A.|8 years');
    expect(splitBio('')).toEqual({ description: '', qualifications: '', experience: '' });
  });

  it("reads the server's per-field errors for the forms", () => {
    expect(
      fieldErrorsOf('Invalid body: name: is required; locations.0: must be at least 1; name: other'),
    ).toEqual({
      name: 'is required',
      locations: 'must be at least 1',
    });
    expect(fieldErrorsOf('Therapist 9 not found')).toEqual({});
  });

  it('names the field of each refused rule', () => {
    const result = therapistRequestSchema.safeParse({ name: 'x', price: -1 });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    for (const field of ['name', 'title', 'specialization', 'bio', 'price', 'type', 'locations', 'email']) {
      expect(fields.has(field), field).toBe(true);
    }
  });

  it('knows every rule of a therapist before it is sent: services and a centre for in-person work at once', () => {
    const result = therapistRequestSchema.safeParse({
      name: 'Nandita Rao',
      title: 'Counsellor',
      specialization: 'Stress',
      bio: 'Calm sessions.||',
      price: 1750,
      type: 3,
      locations: [],
      offered_service_ids: [],
      email: 'nandita@example.com',
    });
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(messages).toEqual({
      name: expect.any(String),
      offered_service_ids: 'Choose at least one service.',
      locations: CENTRE_NEEDED,
    });
  });

  it('says an empty phone is required before it says what a phone looks like', () => {
    const result = locationRequestSchema.safeParse({
      name: 'A',
      short_name: 'A',
      description: 'A',
      address: 'A',
      phone: ' ',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['phone'], message: 'is required' });
  });
});
