import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingPayload,
  type CompleteDraft,
  confirmOfflineBooking,
  startOnlinePayment,
} from './submit-booking';

const RATE_LIMITED = 'Too many requests. Please wait 10 minutes and try again.';

function draft(bookingType: 'online' | 'offline'): CompleteDraft {
  return {
    currentStep: 6,
    bookingType,
    selectedLocation:
      bookingType === 'offline'
        ? { id: 1, name: 'West Branch', short_name: 'West', description: '', address: 'Mumbai' }
        : null,
    selectedService: { id: 1, name: 'Individual Counselling' },
    selectedTherapist: {
      id: 1,
      name: 'Dr.Asha Menon',
      title: 'Psychologist',
      specialization: 'Anxiety',
      bio: '',
      price: 1500,
      image_url: null,
      type: 1,
      locations: [],
      offered_service_ids: [1],
    },
    selectedTimeSlot: { id: 1, date: '2026-11-23', start_time: '10:00:00', end_time: '10:45:00' },
    clientInfo: {
      fullName: 'Asha Client',
      email: 'client@example.com',
      mobile: '9876543210',
      age: '30',
      state: 'Maharashtra',
      city: 'Mumbai',
      notes: '',
      termsAccepted: true,
      sessionType: 'individual',
    },
    termsAccepted: true,
    paymentComplete: false,
  };
}

/** Every call answers as the server does past a rate limit. */
function serverRateLimits() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ detail: RATE_LIMITED }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a rate-limited booking', () => {
  it("shows the server's words for an in-person booking", async () => {
    serverRateLimits();
    expect(await confirmOfflineBooking(draft('offline'))).toEqual({ kind: 'failed', message: RATE_LIMITED });
  });

  it("shows the server's words for an online booking and remembers no booking", async () => {
    const fetchMock = serverRateLimits();
    const rememberPayment = vi.fn();
    const outcome = await startOnlinePayment(draft('online'), { pendingPayment: null, rememberPayment });
    expect(outcome).toEqual({ kind: 'failed', message: RATE_LIMITED });
    expect(rememberPayment).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the WhatsApp consent in the booking payload', () => {
  it('says nothing when the clinic does not offer WhatsApp', () => {
    expect('whatsapp_consent' in bookingPayload(draft('online'))).toBe(false);
    expect('whatsapp_consent' in bookingPayload({ ...draft('online'), whatsappConsent: null })).toBe(false);
  });

  it('carries the box as ticked or left unticked when it was offered', () => {
    expect(bookingPayload({ ...draft('offline'), whatsappConsent: true }).whatsapp_consent).toBe(true);
    expect(bookingPayload({ ...draft('online'), whatsappConsent: false }).whatsapp_consent).toBe(false);
  });
});
