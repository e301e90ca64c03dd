import { DEFAULT_SERVICE_ID } from '@therapy/shared/booking-rules';
import type { Location, Service, Therapist } from '@therapy/shared/catalog-schemas';
import type { ClientDetails } from '@therapy/shared/client-details-rules';
import { create } from 'zustand';

export type BookingMode = 'online' | 'offline';

/** An availability slot with the date the visitor chose it for (specification section 3). */
export type SelectedTimeSlot = { id: number; date: string; start_time: string; end_time: string };

/** An online booking already created for this slot, so a second "Pay Now" does not book twice. */
export type PendingPayment = { bookingId: number; slotKey: string };

/** The booking draft of the specification, section 3. */
export type BookingDraft = {
  currentStep: number;
  bookingType: BookingMode | null;
  selectedLocation: Location | null;
  selectedService: Service | null;
  selectedTherapist: Therapist | null;
  selectedTimeSlot: SelectedTimeSlot | null;
  clientInfo: ClientDetails;
  termsAccepted: boolean;
  paymentComplete: boolean;
};

type DraftExtras = {
  /** Why the chosen slot was cleared (it was taken meanwhile), shown on the date and time step. */
  slotNotice: string | null;
  pendingPayment: PendingPayment | null;
  /**
   * The WhatsApp box of the details step: ticked or not when the clinic offers WhatsApp, null
   * when it does not (the booking then says nothing about it).
   */
  whatsappConsent: boolean | null;
};

type DraftActions = {
  setStep: (step: number) => void;
  chooseBookingType: (type: BookingMode) => void;
  chooseLocation: (location: Location) => void;
  chooseTherapist: (therapist: Therapist, services: readonly Service[]) => void;
  chooseTimeSlot: (slot: SelectedTimeSlot) => void;
  clearTimeSlot: (notice?: string) => void;
  updateClientInfo: (changes: Partial<ClientDetails>) => void;
  setPendingPayment: (pending: PendingPayment | null) => void;
  setWhatsappConsent: (consent: boolean | null) => void;
  reset: () => void;
};

export type BookingDraftState = BookingDraft & DraftExtras & DraftActions;

export const emptyClientInfo = (): ClientDetails => ({
  fullName: '',
  email: '',
  mobile: '',
  age: '',
  state: '',
  city: '',
  notes: '',
  // Unticked until the visitor ticks it: consent by a clear act (DPDP Act s.6; decision 061),
  // where the specification (section 6) defaults it to true.
  termsAccepted: false,
  sessionType: '',
});

const initialDraft = (): BookingDraft & DraftExtras => ({
  currentStep: 1,
  bookingType: null,
  selectedLocation: null,
  selectedService: null,
  selectedTherapist: null,
  selectedTimeSlot: null,
  clientInfo: emptyClientInfo(),
  termsAccepted: false,
  paymentComplete: false,
  slotNotice: null,
  pendingPayment: null,
  whatsappConsent: null,
});

/** The default service (id 1) when the therapist offers it, else none and a warning (section 4). */
function defaultServiceFor(therapist: Therapist, services: readonly Service[]): Service | null {
  const service = services.find((item) => item.id === DEFAULT_SERVICE_ID);
  if (service && therapist.offered_service_ids.includes(DEFAULT_SERVICE_ID)) return service;
  console.warn(`Default service ${DEFAULT_SERVICE_ID} is not available for therapist ${therapist.id}.`);
  return null;
}

const STORAGE_KEY = 'booking-draft';
const STORAGE_VERSION = 1;

// Session storage: the draft survives a reload of the tab, but not the closing of the browser,
// so contact details do not linger on a shared device. (A few lines here instead of zustand's
// persist middleware keep the first screen's JavaScript smaller.)
function storedDraft(): Partial<BookingDraft & DraftExtras> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as {
      state?: Partial<BookingDraft & DraftExtras>;
      version?: number;
    } | null;
    return stored?.version === STORAGE_VERSION && stored.state ? stored.state : {};
  } catch {
    return {};
  }
}

function storeDraft(state: BookingDraftState): void {
  const draft = Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function'));
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ state: draft, version: STORAGE_VERSION }));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, it just forgets on reload.
  }
}

export const useBookingDraft = create<BookingDraftState>()((set, get) => ({
  ...initialDraft(),
  ...storedDraft(),
  setStep: (currentStep) => set({ currentStep }),
  chooseBookingType: (bookingType) => {
    if (get().bookingType === bookingType) return;
    // Therapists are either online or in person, so a new type starts the choices afresh.
    set({
      bookingType,
      selectedLocation: null,
      selectedTherapist: null,
      selectedService: null,
      selectedTimeSlot: null,
      slotNotice: null,
    });
  },
  chooseLocation: (location) => {
    if (get().selectedLocation?.id === location.id) return;
    set({ selectedLocation: location, selectedTherapist: null, selectedTimeSlot: null, slotNotice: null });
  },
  chooseTherapist: (therapist, services) => {
    const sameTherapist = get().selectedTherapist?.id === therapist.id;
    set({
      selectedTherapist: therapist,
      selectedService: defaultServiceFor(therapist, services),
      ...(sameTherapist ? {} : { selectedTimeSlot: null, slotNotice: null }),
    });
  },
  chooseTimeSlot: (selectedTimeSlot) => set({ selectedTimeSlot, slotNotice: null }),
  clearTimeSlot: (notice) => set({ selectedTimeSlot: null, slotNotice: notice ?? null }),
  updateClientInfo: (changes) => {
    const clientInfo = { ...get().clientInfo, ...changes };
    set({ clientInfo, termsAccepted: clientInfo.termsAccepted });
  },
  setPendingPayment: (pendingPayment) => set({ pendingPayment }),
  setWhatsappConsent: (whatsappConsent) => set({ whatsappConsent }),
  reset: () => set(initialDraft()),
}));

useBookingDraft.subscribe(storeDraft);

/** Clears the draft (after a confirmed booking, or when the visitor starts over). */
export function resetBookingDraft(): void {
  useBookingDraft.getState().reset();
}
