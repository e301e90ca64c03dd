// The specification names no brand, so the product name lives in one place for an easy change later.
export const PRODUCT_NAME = 'Therapy & Counselling';

export const SERVICE_NAMES = [
  'Counselling',
  'Psychotherapy',
  'Psychiatric Consultation',
  'Psychometric Assessment',
  'Workshops',
] as const;

// Contact details are placeholders only until the clinic supplies real ones (specification, section 2).
export const CONTACT_PLACEHOLDER = 'to be announced';
