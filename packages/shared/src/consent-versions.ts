/**
 * The versions of the terms and of the privacy notice the site shows now (issue 14, decision 040).
 * Each booking records the versions its client accepted and when. A change to either page's
 * words is a new version here; the server then adds a new row for it and never edits an old one.
 */
export type ConsentDocument = {
  kind: 'terms' | 'privacy_notice' | 'therapy_consent';
  version: string;
  published: string;
};

export const TERMS_VERSION: ConsentDocument = { kind: 'terms', version: '1', published: '2026-11-22' };
export const PRIVACY_NOTICE_VERSION: ConsentDocument = {
  kind: 'privacy_notice',
  version: '2',
  published: '2026-11-26',
};

/**
 * The consent to therapy the intake asks for (issue 28, decision 058): its words are the intake
 * page's (`intake.consent.*` in the web catalogues); each intake records the version it showed.
 */
export const THERAPY_CONSENT_VERSION: ConsentDocument = {
  kind: 'therapy_consent',
  version: '1',
  published: '2026-11-27',
};
