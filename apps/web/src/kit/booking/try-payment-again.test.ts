import type { Therapist } from '@therapy/shared/catalog-schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { emailForRetry, returnToDateStep, tryPaymentAgain } from './try-payment-again';

const THERAPIST: Therapist = {
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
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  const draft = useBookingDraft.getState();
  draft.reset();
  draft.chooseBookingType('online');
  draft.chooseTherapist(THERAPIST, [{ id: 1, name: 'Individual Counselling' }]);
  draft.chooseTimeSlot({ id: 1, date: '2026-11-24', start_time: '10:00:00', end_time: '10:45:00' });
  draft.updateClientInfo({ email: ' client@example.com ' });
  draft.setPendingPayment({ bookingId: 42, slotKey: 'key' });
  draft.setStep(6);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Try payment again', () => {
  it('is offered only for the booking this browser made, with its e-mail', () => {
    expect(emailForRetry(useBookingDraft.getState(), 42)).toBe('client@example.com');
    expect(emailForRetry(useBookingDraft.getState(), 43)).toBeNull();
  });

  it('asks for a new link for the same booking and opens it', async () => {
    const fetchMock = answer(200, { short_url: 'https://pay.test/x', payment_link_id: 'plink_x' });
    expect(await tryPaymentAgain(42, 'client@example.com')).toEqual({
      kind: 'payment-page',
      url: 'https://pay.test/x',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/payment/generate-link');
    expect(JSON.parse(String(init.body))).toMatchObject({
      booking_id: 42,
      customer_email: 'client@example.com',
    });
  });

  it('says why, and leads to another time, when the slot can no longer be held', async () => {
    answer(409, { detail: 'This time can no longer be held for you.' });
    expect(await tryPaymentAgain(42, 'client@example.com')).toEqual({
      kind: 'choose-again',
      message: 'This time can no longer be held for you.',
    });
  });

  it('keeps a server failure a failure to try again', async () => {
    answer(502, { detail: 'Failed to generate payment link. Please contact support.' });
    expect(await tryPaymentAgain(42, 'client@example.com')).toEqual({
      kind: 'failed',
      message: 'Failed to generate payment link. Please contact support.',
    });
  });
});

describe('Choose another time', () => {
  it('goes back to the date step with the other choices kept and the old booking forgotten', () => {
    expect(returnToDateStep('Taken meanwhile.')).toBe('/book?step=3');
    const draft = useBookingDraft.getState();
    expect(draft.currentStep).toBe(3);
    expect(draft.selectedTherapist?.id).toBe(1);
    expect(draft.clientInfo.email).toBe(' client@example.com ');
    expect(draft.selectedTimeSlot).toBeNull();
    expect(draft.slotNotice).toBe('Taken meanwhile.');
    expect(draft.pendingPayment).toBeNull();
  });

  it('starts the wizard when nothing was chosen in this browser', () => {
    useBookingDraft.getState().reset();
    expect(returnToDateStep(null)).toBe('/book');
  });
});
