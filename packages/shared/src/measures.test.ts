import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bandOf,
  firstUnanswered,
  GAD7_BANDS,
  GAD7_ITEMS,
  isRiskAnswer,
  measuresDueFor,
  PHQ9_BANDS,
  PHQ9_ITEMS,
  scoreGad7,
  scorePhq9,
} from './measures.ts';

/** Answers that add up to `score` over `count` items (each 0–3). */
function answersSumming(score: number, count: number): number[] {
  const answers: number[] = [];
  let left = score;
  for (let i = 0; i < count; i++) {
    const answer = Math.min(3, left);
    answers.push(answer);
    left -= answer;
  }
  return answers;
}

const answer = fc.integer({ min: 0, max: 3 });

describe('PHQ-9, scored as published', () => {
  // Every boundary of the five bands, both sides, and the ends of the scale.
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'moderately_severe'],
    [19, 'moderately_severe'],
    [20, 'severe'],
    [27, 'severe'],
  ] as const)('scores %i as %s', (score, band) => {
    expect(scorePhq9(answersSumming(score, PHQ9_ITEMS))).toEqual({ score, band });
  });

  it('gives every score from 0 to 27 exactly one band, in order, with no gap', () => {
    const seen = Array.from({ length: 28 }, (_, score) => bandOf(PHQ9_BANDS, score));
    expect([...new Set(seen)]).toEqual(['minimal', 'mild', 'moderate', 'moderately_severe', 'severe']);
    expect(() => bandOf(PHQ9_BANDS, 28)).toThrow(RangeError);
    expect(() => bandOf(PHQ9_BANDS, -1)).toThrow(RangeError);
  });

  it('is the plain sum of nine answers, within 0–27 (property)', () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 9, maxLength: 9 }), (answers) => {
        const result = scorePhq9(answers)!;
        expect(result.score).toBe(answers.reduce((a, b) => a + b, 0));
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(27);
      }),
    );
  });

  it('has no score while any item is unanswered: never counted as 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(answer, { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(null, undefined),
        (answers, gap, missing) => {
          const holed: (number | null | undefined)[] = [...answers];
          holed[gap] = missing;
          expect(scorePhq9(holed)).toBeNull();
          expect(firstUnanswered(holed, PHQ9_ITEMS)).toBeLessThanOrEqual(gap);
        },
      ),
    );
    expect(scorePhq9([0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(scorePhq9([])).toBeNull();
  });

  it('refuses an answer outside the scale rather than summing it', () => {
    expect(scorePhq9([4, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(scorePhq9([-1, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(scorePhq9([1.5, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
  });

  it('sees risk only in item 9 above 0', () => {
    expect(isRiskAnswer([0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(isRiskAnswer([3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(isRiskAnswer([0, 0, 0, 0, 0, 0, 0, 0, null])).toBe(false);
    expect(isRiskAnswer([0, 0, 0, 0, 0, 0, 0, 0])).toBe(false);
    fc.assert(
      fc.property(fc.array(answer, { minLength: 9, maxLength: 9 }), (answers) => {
        expect(isRiskAnswer(answers)).toBe(answers[8]! > 0);
      }),
    );
  });
});

describe('GAD-7, scored as published', () => {
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
    [21, 'severe'],
  ] as const)('scores %i as %s', (score, band) => {
    expect(scoreGad7(answersSumming(score, GAD7_ITEMS))).toEqual({ score, band });
  });

  it('gives every score from 0 to 21 exactly one band, in order', () => {
    const seen = Array.from({ length: 22 }, (_, score) => bandOf(GAD7_BANDS, score));
    expect([...new Set(seen)]).toEqual(['minimal', 'mild', 'moderate', 'severe']);
    expect(() => bandOf(GAD7_BANDS, 22)).toThrow(RangeError);
  });

  it('is the plain sum of seven answers; none until all seven are answered (property)', () => {
    fc.assert(
      fc.property(
        fc.array(answer, { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 6 }),
        (answers, gap) => {
          expect(scoreGad7(answers)!.score).toBe(answers.reduce((a, b) => a + b, 0));
          const holed: (number | null)[] = [...answers];
          holed[gap] = null;
          expect(scoreGad7(holed)).toBeNull();
        },
      ),
    );
    expect(scoreGad7([0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
  });
});

describe('which questionnaire a session brings', () => {
  it('brings the intake first, then the repeat before every Nth later session', () => {
    expect(measuresDueFor(0, 1)).toBe('intake');
    expect(measuresDueFor(0, 0)).toBe('intake');
    expect([1, 2, 3, 4].map((n) => measuresDueFor(n, 1))).toEqual(['repeat', 'repeat', 'repeat', 'repeat']);
    expect([1, 2, 3, 4].map((n) => measuresDueFor(n, 2))).toEqual([null, 'repeat', null, 'repeat']);
    expect([1, 2, 3, 4].map((n) => measuresDueFor(n, 0))).toEqual([null, null, null, null]);
  });
});
