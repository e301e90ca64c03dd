import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the defaults of CONTRACT.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      clinicTimeZone: 'Asia/Kolkata',
      demoData: true,
      paymentProvider: 'sandbox',
      paymentHoldMinutes: 15,
      waitlistOfferMinutes: 30,
      measuresEvery: 1,
      smtpUrl: undefined,
      mailFrom: 'bookings@localhost',
      meetingProvider: 'jitsi',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.razorpay.apiUrl).toBe('https://api.razorpay.com');
  });

  it('loads the demo clinic by default only without DATABASE_URL', () => {
    const url = 'postgres://app@db:5432/booking';
    expect(loadConfig({ DATABASE_URL: url }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://book.example.com/',
      DATABASE_URL: 'postgres://app@db:5432/booking',
      CLINIC_TIMEZONE: 'Asia/Dubai',
      DEMO_DATA: 'false',
      PAYMENT_HOLD_MINUTES: '20',
      WAITLIST_OFFER_MINUTES: '45',
      MEASURES_EVERY: '0',
      MEETING_PROVIDER: 'google',
      GOOGLE_SERVICE_ACCOUNT_FILE: '/etc/booking/google.json',
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_URL: 'http://127.0.0.1:9999',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://book.example.com',
      databaseUrl: 'postgres://app@db:5432/booking',
      clinicTimeZone: 'Asia/Dubai',
      demoData: false,
      paymentHoldMinutes: 20,
      waitlistOfferMinutes: 45,
      measuresEvery: 0,
      meetingProvider: 'google',
      google: {
        serviceAccountFile: '/etc/booking/google.json',
        calendarId: 'primary',
        apiUrl: 'https://www.googleapis.com',
      },
      trustProxy: true,
      paymentProvider: 'razorpay',
      razorpay: { keyId: 'rzp_test_1', apiUrl: 'http://127.0.0.1:9999' },
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ PUBLIC_URL: 'localhost:3000' }, /^Invalid configuration: PUBLIC_URL must be an http/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [
      { CLINIC_TIMEZONE: 'Mars/Olympus' },
      /^Invalid configuration: CLINIC_TIMEZONE must be an IANA time zone/,
    ],
    [{ DEMO_DATA: 'maybe' }, /^Invalid configuration: DEMO_DATA must be true or false/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /^Invalid configuration: PAYMENT_PROVIDER must be sandbox or razorpay/],
    [{ PAYMENT_HOLD_MINUTES: '0' }, /^Invalid configuration: PAYMENT_HOLD_MINUTES /],
    [
      { WAITLIST_OFFER_MINUTES: '0' },
      /^Invalid configuration: WAITLIST_OFFER_MINUTES must be a whole number from 1 to 1440/,
    ],
    [{ WAITLIST_OFFER_MINUTES: 'half an hour' }, /^Invalid configuration: WAITLIST_OFFER_MINUTES /],
    [{ MEASURES_EVERY: '-1' }, /^Invalid configuration: MEASURES_EVERY must be a whole number from 0 to 52/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must be an smtp/],
    [
      { MEETING_PROVIDER: 'zoom' },
      /^Invalid configuration: MEETING_PROVIDER must be jitsi, jitsi-jwt or google/,
    ],
    [{ MEETING_PROVIDER: 'google' }, /^Invalid configuration: GOOGLE_SERVICE_ACCOUNT_FILE is required/],
    [{ TRUST_PROXY: 'sometimes' }, /^Invalid configuration: TRUST_PROXY must be true or false/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters$/],
    [
      { ADMIN_EMAIL: 'a@b.c' },
      /^Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together$/,
    ],
    [{ PAYMENT_PROVIDER: 'razorpay' }, /^Invalid configuration: RAZORPAY_KEY_ID is required/],
    [
      { METRICS_TOKEN: 'too-short' },
      /^Invalid configuration: METRICS_TOKEN must be 16 to 512 characters, no spaces$/,
    ],
    [
      { METRICS_TOKEN: 'has a space but is long enough' },
      /^Invalid configuration: METRICS_TOKEN must be 16 to 512 characters, no spaces$/,
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads METRICS_TOKEN, unset by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-sixteen+' }).metricsToken).toBe('a-token-of-sixteen+');
  });

  it('never echoes a secret in its message', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'tiny' })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD must be at least 8 characters$/,
    );
  });
});
