/**
 * PHQ-9 and GAD-7 as published (Kroenke, Spitzer and Williams 2001; Spitzer et al. 2006; the
 * Pfizer PHQ screeners' instructions, free to use without permission): each item answered 0 (not
 * at all) to 3 (nearly every day); the score is the plain sum; the bands are the published cut
 * points. The PHQ-9's tenth question (how difficult the problems made life) is recorded, never
 * scored. An unanswered item is never counted as 0: no score until every item is answered.
 * Issue 28, decision 058. The server scores with these functions and the pages show them.
 */

/** Answers run from 0 ("Not at all") to 3 ("Nearly every day"). */
export const ANSWER_MIN = 0;
export const ANSWER_MAX = 3;
export const PHQ9_ITEMS = 9;
export const GAD7_ITEMS = 7;
/** Index of PHQ-9 item 9 (thoughts that you would be better off dead or of hurting yourself). */
export const PHQ9_RISK_ITEM = 8;

export type MeasureKind = 'phq9' | 'gad7';
export type Phq9Band = 'minimal' | 'mild' | 'moderate' | 'moderately_severe' | 'severe';
export type Gad7Band = 'minimal' | 'mild' | 'moderate' | 'severe';
export type Band<B extends string = string> = { band: B; min: number; max: number };

/** PHQ-9: 0–27 in five bands (0–4, 5–9, 10–14, 15–19, 20–27). */
export const PHQ9_BANDS: readonly Band<Phq9Band>[] = [
  { band: 'minimal', min: 0, max: 4 },
  { band: 'mild', min: 5, max: 9 },
  { band: 'moderate', min: 10, max: 14 },
  { band: 'moderately_severe', min: 15, max: 19 },
  { band: 'severe', min: 20, max: 27 },
];

/** GAD-7: 0–21 in four bands (0–4, 5–9, 10–14, 15–21). */
export const GAD7_BANDS: readonly Band<Gad7Band>[] = [
  { band: 'minimal', min: 0, max: 4 },
  { band: 'mild', min: 5, max: 9 },
  { band: 'moderate', min: 10, max: 14 },
  { band: 'severe', min: 15, max: 21 },
];

export const PHQ9_MAX = PHQ9_ITEMS * ANSWER_MAX;
export const GAD7_MAX = GAD7_ITEMS * ANSWER_MAX;

/** A possibly unanswered item: null (or absent) is "not answered", never 0. */
export type MaybeAnswer = number | null | undefined;

export const isAnswer = (value: MaybeAnswer): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= ANSWER_MIN && value <= ANSWER_MAX;

/** The band a score falls in; throws for a score outside the scale (a bug, never an input). */
export function bandOf<B extends string>(bands: readonly Band<B>[], score: number): B {
  const found = bands.find((band) => score >= band.min && score <= band.max);
  if (!found || !Number.isInteger(score)) throw new RangeError(`score ${score} is outside the scale`);
  return found.band;
}

/** The sum of `count` answered items, or null while any item is unanswered or out of scale. */
export function sumOfItems(answers: readonly MaybeAnswer[], count: number): number | null {
  if (answers.length !== count) return null;
  let sum = 0;
  for (const answer of answers) {
    if (!isAnswer(answer)) return null;
    sum += answer;
  }
  return sum;
}

export type Phq9Score = { score: number; band: Phq9Band };
export type Gad7Score = { score: number; band: Gad7Band };

/** PHQ-9's score and band, or null until all nine items are answered. */
export function scorePhq9(answers: readonly MaybeAnswer[]): Phq9Score | null {
  const score = sumOfItems(answers, PHQ9_ITEMS);
  return score === null ? null : { score, band: bandOf(PHQ9_BANDS, score) };
}

/** GAD-7's score and band, or null until all seven items are answered. */
export function scoreGad7(answers: readonly MaybeAnswer[]): Gad7Score | null {
  const score = sumOfItems(answers, GAD7_ITEMS);
  return score === null ? null : { score, band: bandOf(GAD7_BANDS, score) };
}

/** PHQ-9 item 9 answered above "not at all": the crisis help at once, the therapist and clinic told. */
export const isRiskAnswer = (phq9: readonly MaybeAnswer[]) => {
  const item9 = phq9[PHQ9_RISK_ITEM];
  return isAnswer(item9) && item9 > 0;
};

/** The first unanswered item's index (0-based), or -1 when every one of `count` is answered. */
export function firstUnanswered(answers: readonly MaybeAnswer[], count: number): number {
  for (let index = 0; index < count; index++) if (!isAnswer(answers[index])) return index;
  return -1;
}

/**
 * Which questionnaire a session brings, from how many earlier sessions the client had with this
 * therapist and MEASURES_EVERY: the intake before the first; PHQ-9 and GAD-7 again before every
 * `every`th later session (every one when 1; none when 0, only the intake).
 */
export function measuresDueFor(earlierSessions: number, every: number): 'intake' | 'repeat' | null {
  if (earlierSessions === 0) return 'intake';
  if (every <= 0) return null;
  return earlierSessions % every === 0 ? 'repeat' : null;
}
