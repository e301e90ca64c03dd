import { type AdminTherapist, BOOKING_SEARCH_MAX } from '@therapy/shared/admin-schemas';
import { BOOKING_TYPE_LABELS, STATUS_BADGES } from '@therapy/shared/booking-badges';
import { BOOKING_TYPES, PAYMENT_STATUSES } from '@therapy/shared/booking-states';
import { isSupportedDate } from '@therapy/shared/schema-limits';
import { type FormEvent, useId, useState } from 'react';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { StatusMeanings } from './status-meanings';
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
  const set = (key: keyof BookingFilters, value: string) => {
    // The same value again (a date field cleared while half typed) adds no history entry.
    if ((value || undefined) !== filters[key]) onChange({ ...filters, [key]: value || undefined });
  };
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
        <FilterChoices id={id} filters={filters} therapists={therapists} set={set} />
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
        <StatusMeanings />
      </form>
    </div>
  );
}

type FilterChoicesProps = {
  id: string;
  filters: BookingFilters;
  therapists: readonly AdminTherapist[];
  set: (key: keyof BookingFilters, value: string) => void;
};

/** The filters that apply as soon as they change: dates, therapist, status and type. */
function FilterChoices({ id, filters, therapists, set }: FilterChoicesProps) {
  return (
    <>
      <DateFilter
        id={`${id}-from`}
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(value) => set('from', value)}
      />
      <DateFilter
        id={`${id}-to`}
        label="To"
        value={filters.to}
        min={filters.from}
        onChange={(value) => set('to', value)}
      />
      <ChoiceFilter
        id={`${id}-therapist`}
        label="Therapist"
        allLabel="All therapists"
        value={filters.therapist}
        options={therapists.map((therapist) => [String(therapist.id), therapistDisplayName(therapist.name)])}
        onChange={(value) => set('therapist', value)}
      />
      <ChoiceFilter
        id={`${id}-status`}
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={PAYMENT_STATUSES.map((status) => [status, STATUS_BADGES[status].label])}
        onChange={(value) => set('status', value)}
      />
      <ChoiceFilter
        id={`${id}-type`}
        label="Type"
        allLabel="All types"
        value={filters.type}
        options={BOOKING_TYPES.map((type) => [type, BOOKING_TYPE_LABELS[type] ?? type])}
        onChange={(value) => set('type', value)}
      />
    </>
  );
}

type DateFilterProps = {
  id: string;
  label: string;
  /** The date in the address. */
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
};

/**
 * A date filter that can be typed: while the year is typed, Chrome reports dates such as
 * `0002-11-23`, which the address would refuse (and the field then clear). The field keeps what
 * is typed and applies only a supported date, or '' (cleared).
 */
function DateFilter({ id, label, value, min, max, onChange }: DateFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  // The address changed (Back, Clear): the field follows it.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value ?? '');
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="input"
        value={text}
        min={min}
        max={max}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          if (typed === '' || isSupportedDate(typed)) onChange(typed);
        }}
      />
    </div>
  );
}

type ChoiceFilterProps = {
  id: string;
  label: string;
  /** The first option, which filters nothing. */
  allLabel: string;
  value: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string) => void;
};

function ChoiceFilter({ id, label, allLabel, value, options, onChange }: ChoiceFilterProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
