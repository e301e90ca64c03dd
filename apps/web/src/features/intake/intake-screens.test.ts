import { describe, expect, it } from 'vitest';
import { resumeAt, type Screen, screensFor } from './intake-screens';

const none = {
  phq9: Array(9).fill(null),
  phq9_difficulty: null,
  gad7: Array(7).fill(null),
  reason: null,
  emergency_contact: null,
  consent: false,
};
const kinds = (screens: Screen[]) => screens.map((screen) => screen.kind);

describe('the questionnaire page’s screens', () => {
  it('asks one question a screen: the intake’s three, nine PHQ-9, the difficulty, seven GAD-7, then the review', () => {
    const screens = screensFor(['reason', 'emergency_contact', 'consent', 'phq9', 'gad7'], none);
    expect(screens).toHaveLength(3 + 9 + 1 + 7 + 1);
    expect(kinds(screens).slice(0, 4)).toEqual(['reason', 'emergency', 'consent', 'phq9']);
    expect(kinds(screens).at(-1)).toBe('review');
  });

  it('shows the crisis help on the screen right after item 9 answered above 0, never for 0', () => {
    const risky = screensFor(['phq9', 'gad7'], { ...none, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 1] });
    expect(risky[8]).toEqual({ kind: 'phq9', index: 8 });
    expect(risky[9]).toEqual({ kind: 'crisis' });
    const calm = screensFor(['phq9', 'gad7'], { ...none, phq9: [3, 3, 3, 3, 3, 3, 3, 3, 0] });
    expect(kinds(calm)).not.toContain('crisis');
  });

  it('resumes a reopened page at the first question still open', () => {
    const answers = { ...none, phq9: [1, 2, 0, null, null, null, null, null, null] };
    const screens = screensFor(['phq9', 'gad7'], answers);
    expect(resumeAt(screens, answers)).toBe(3);
    expect(resumeAt(screens, none)).toBe(0);
  });
});
