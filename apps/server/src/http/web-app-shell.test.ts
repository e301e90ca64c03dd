import { describe, expect, it } from 'vitest';
import { pageWithShell, shellLanguageOf, shellVariantOf, withClinicName } from './web-app-shell.ts';

const INDEX = `<body><div id="root"><!-- app-shell --><header>Clinic</header><!-- booking-heading --><h1>Book</h1><!-- /booking-heading --><p>Loading</p><!-- /app-shell --></div></body>`;

describe('the static shell of index.html', () => {
  it('picks the shell by the page’s path', () => {
    expect(shellVariantOf('/')).toBe('booking');
    expect(shellVariantOf('/book')).toBe('booking');
    expect(shellVariantOf('/payment-status')).toBe('status');
    expect(shellVariantOf('/manage/abc')).toBe('manage');
    expect(shellVariantOf('/terms-and-conditions')).toBe('page');
    expect(shellVariantOf('/admin')).toBe('admin');
    expect(shellVariantOf('/Admin/Login')).toBe('admin');
    expect(shellVariantOf('/administrators')).toBe('page');
  });

  it('keeps it whole for booking, drops the booking heading elsewhere and the shell for admin', () => {
    expect(pageWithShell(INDEX, 'booking')).toBe(INDEX);
    expect(pageWithShell(INDEX, 'page')).toBe(
      '<body><div id="root"><!-- app-shell --><header>Clinic</header><p>Loading</p><!-- /app-shell --></div></body>',
    );
    expect(pageWithShell(INDEX, 'status')).toBe(pageWithShell(INDEX, 'page'));
    expect(pageWithShell(INDEX, 'admin')).toBe('<body><div id="root"></div></body>');
  });

  it('serves a page without the marks as it is', () => {
    const plain = '<body><div id="root"></div></body>';
    for (const variant of ['booking', 'page', 'admin'] as const)
      expect(pageWithShell(plain, variant)).toBe(plain);
  });
});

describe('the clinic’s name in the shell', () => {
  const page = '<head></head><a><!-- clinic-name -->Therapy &amp; Counselling<!-- /clinic-name --></a>';

  it('replaces the product’s name, escaped, and tells the app in a meta', () => {
    expect(withClinicName(page, 'Calm & "Kind"')).toBe(
      '<head><meta name="clinic-name" content="Calm &amp; &quot;Kind&quot;" /></head>' +
        '<a><!-- clinic-name -->Calm &amp; &quot;Kind&quot;<!-- /clinic-name --></a>',
    );
  });

  it("keeps a name with $' or $& as it is (no replacement patterns)", () => {
    expect(withClinicName(page, "Ram$'s $& Clinic")).toBe(
      `<head><meta name="clinic-name" content="Ram$&#39;s $&amp; Clinic" /></head>` +
        `<a><!-- clinic-name -->Ram$&#39;s $&amp; Clinic<!-- /clinic-name --></a>`,
    );
  });

  it('leaves the page as it is while no name was saved', () => {
    expect(withClinicName(page, '')).toBe(page);
  });
});

describe('the language of the first paint', () => {
  it('follows the lang cookie, English unless it says Hindi', () => {
    expect(shellLanguageOf('lang=hi')).toBe('hi');
    expect(shellLanguageOf('session=abc; lang=hi; other=1')).toBe('hi');
    expect(shellLanguageOf('lang=en')).toBe('en');
    expect(shellLanguageOf('lang=HI')).toBe('en');
    expect(shellLanguageOf('lang=fr')).toBe('en');
    expect(shellLanguageOf('xlang=hi')).toBe('en');
    expect(shellLanguageOf('')).toBe('en');
    expect(shellLanguageOf(undefined)).toBe('en');
  });
});
