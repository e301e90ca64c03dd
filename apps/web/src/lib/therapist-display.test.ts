import type { Therapist } from '@therapy/shared/catalog-schemas';
import { describe, expect, it } from 'vitest';
import {
  bioExcerpt,
  bioExperience,
  initialsOf,
  serviceDisplayName,
  serviceTags,
  therapistDisplayName,
} from './therapist-display';

const therapist = (offered: number[]): Therapist => ({
  id: 7,
  name: 'Dr.Meera Joshi',
  title: 'Senior Psychotherapist',
  specialization: 'Trauma',
  bio: 'A steady space.|Ph.D. Psychology|18 years of experience',
  price: 2000,
  image_url: null,
  type: 2,
  locations: [1],
  offered_service_ids: offered,
});

describe('therapist display', () => {
  // The name rule itself is tested in packages/shared/src/therapist-name.test.ts.
  it('shows the initials of the display name', () => {
    expect(initialsOf(therapistDisplayName('Dr.Meera Joshi'))).toBe('MJ');
  });

  it('takes the excerpt and the experience from the pipe-separated bio', () => {
    const { bio } = therapist([]);
    expect(bioExcerpt(bio)).toBe('A steady space.');
    expect(bioExperience(bio)).toBe('18 years of experience');
    expect(bioExperience('Only a description')).toBe('');
  });

  it("trims a service name's parenthetical suffix", () => {
    expect(serviceDisplayName('Psychotherapy (CBT and talk therapy)')).toBe('Psychotherapy');
    expect(serviceDisplayName('Individual Counselling')).toBe('Individual Counselling');
  });

  it("shows at most three 'Deals with' tags and counts the rest", () => {
    const services = [1, 2, 3, 4, 5].map((id) => ({ id, name: `Service ${id} (long)` }));
    expect(serviceTags(therapist([3, 1, 9, 2, 5]), services)).toEqual({
      shown: ['Service 3', 'Service 1', 'Service 2'],
      more: 1,
    });
    expect(serviceTags(therapist([2]), services)).toEqual({ shown: ['Service 2'], more: 0 });
  });
});
