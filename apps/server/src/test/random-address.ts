import { randomBytes } from 'node:crypto';

/** A client address no other test uses, so that per-address limits start from zero. */
export const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;
