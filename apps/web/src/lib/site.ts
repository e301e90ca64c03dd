import type { MessageId } from '../i18n/catalog';

// The specification names no brand, so the product name lives in one place for an easy change later.
export const PRODUCT_NAME = 'Therapy & Counselling';

// Contact details are placeholders only until the clinic supplies real ones (specification, section 2).
export const CONTACT_PLACEHOLDER = 'common.contactPlaceholder' satisfies MessageId;
