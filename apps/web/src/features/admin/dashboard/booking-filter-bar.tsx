import { type AdminTherapist, BOOKING_SEARCH_MAX } from '@therapy/shared/admin-schemas';
import { BOOKING_TYPE_LABELS, STATUS_BADGES } from '@therapy/shared/booking-badges';
import { BOOKING_TYPES, PAYMENT_STATUSES } from '@therapy/shared/booking-states';
import { type FormEvent, useId, useState } from 'react';
import { therapistDisplayName } from '../../../lib/therapist-display';
import type { BookingFilters } from './use-booking-filters';

type FilterBarProps = {
  filters: BookingFilters;
  therapists: readonly AdminTherapist[];
  onChange: (filters: BookingFilters) => void;
};

/**
 * All Bookings' filters: dates, therapist, status and type apply as soon as they change; the
 * client text on Search (or Enter). On a phone the bar folds behind a Filters button.
 */
export function BookingFilterBar({ filters, therapists, onChange }: FilterBarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  // The address changed (Back, Clear): the search box follows it.
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setText(filters.q ?? '');
  }
  const active = Object.values(filters).filter(Boolean).length;
  const set = (key: keyof BookingFilters, value: string) =>
    onChange({ ...filters, [key]: value || undefined });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set('q', text.trim());
  };

  return (
    <div className={`admin-filters${open ? ' admin-filters--open' : ''}`}>
      <button
        type="button"
        className="button button--secondary admin-filters__toggle"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <form id={`${id}-form`} className="admin-filters__form" aria-label="Filter bookings" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="input"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="input"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-therapist`}>
            Therapist
          </label>
          <select
            id={`${id}-therapist`}
            className="select"
            value={filters.therapist ?? ''}
            onChange={(event) => set('therapist', event.target.value)}
          >
            <option value="">All therapists</option>
            {therapists.map((therapist) => (
              <option key={therapist.id} value={String(therapist.id)}>
                {therapistDisplayName(therapist.name)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={filters.status ?? ''}
            onChange={(event) => set('status', event.target.value)}
          >
            <option value="">All statuses</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_BADGES[status].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            Type
          </label>
          <select
            id={`${id}-type`}
            className="select"
            value={filters.type ?? ''}
            onChange={(event) => set('type', event.target.value)}
          >
            <option value="">All types</option>
            {BOOKING_TYPES.map((type) => (
              <option key={type} value={type}>
                {BOOKING_TYPE_LABELS[type] ?? type}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-filters__search">
          <label className="field__label" htmlFor={`${id}-q`}>
            Client name, e-mail or mobile
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="input"
            value={text}
            maxLength={BOOKING_SEARCH_MAX}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="admin-filters__buttons">
          <button type="submit" className="button button--primary">
            Search
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={active === 0 && !text}
            onClick={() => {
              setText('');
              onChange({});
            }}
          >
            Clear filters
          </button>
        </div>
      </form>
    </div>
  );
}
