import { describe, expect, it } from 'vitest';
import { therapistDisplayName } from './therapist-name.ts';

describe("a therapist's display name", () => {
  it('is the name after the first dot, trimmed', () => {
    expect(therapistDisplayName('Dr.Meera Joshi')).toBe('Meera Joshi');
    expect(therapistDisplayName('Dr. A.K. Rao ')).toBe('A.K. Rao');
    expect(therapistDisplayName('Karan Singh')).toBe('Karan Singh');
    expect(therapistDisplayName(' Karan Singh ')).toBe('Karan Singh');
  });
});
