import { describe, expect, it } from 'vitest';
import { nextStep, SETUP_STEPS } from '../setup/setup-steps';
import { nameErrors, storedName, therapistValues } from './therapist-form-values';

describe('the therapist form and the checklist of a first hour (issue 31)', () => {
  it('types the prefix and the name apart and stores them as prefix.Name', () => {
    expect(storedName('Dr', 'Asha Menon')).toBe('Dr.Asha Menon');
    expect(storedName(' Ms. ', ' Priya K. Rao ')).toBe('Ms.Priya K. Rao');
    // A name typed whole, as before, is kept.
    expect(storedName('', 'Ms.Nandita Rao')).toBe('Ms.Nandita Rao');
    const values = therapistValues({ name: 'Dr.Asha Menon' } as Parameters<typeof therapistValues>[0]);
    expect([values.prefix, values.name]).toEqual(['Dr', 'Asha Menon']);
  });

  it("puts the name's refusal in plain words on the field that needs it", () => {
    expect(nameErrors({ prefix: '' }, "must be 'prefix.Name'")).toEqual({
      prefix: 'Write a prefix, such as Dr or Ms.',
    });
    expect(nameErrors({ prefix: 'Dr' }, "must be 'prefix.Name'")).toEqual({
      name: 'Write the name as clients see it, starting with a letter.',
    });
    expect(nameErrors({ prefix: '' }, undefined)).toEqual({});
  });

  it('leads from step to step, the schedule step opening the schedule editor, the photo last', () => {
    const status = {
      clinic_profile: true,
      locations: 1,
      services: 1,
      therapists: 1,
      therapists_with_schedule: 0,
      therapists_with_photo: 0,
      schedule_therapist_id: 7,
      complete: false,
    };
    const step = nextStep(status);
    expect(step?.key).toBe('schedule');
    expect(step?.href(status)).toBe('/admin/therapists/7/schedule');
    expect(nextStep({ ...status, therapists_with_schedule: 1, complete: true })?.key).toBe('photo');
    expect(nextStep({ ...status, therapists_with_schedule: 1, therapists_with_photo: 1 })).toBeUndefined();
    expect(SETUP_STEPS.map((s) => s.key)).toEqual([
      'clinic',
      'centre',
      'service',
      'therapist',
      'schedule',
      'photo',
    ]);
  });
});
