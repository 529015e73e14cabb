import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { callingCodeOf, countryCodes, countryName } from './phone-countries.ts';

/** Spec §9: the country search waits 250 ms after the last key before filtering. */
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

interface CountrySelectProps {
  /** ISO 3166 code ('GH'); none for a number without a country (+800…). */
  value: string | undefined;
  onChange: (country: string) => void;
  onFocus?: () => void;
  disabled?: boolean;
  'aria-label'?: string;
}

interface Country {
  value: string;
  label: string;
  code: string;
  search: string;
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const describe = (country: string): Country => {
  const label = countryName(country);
  return { value: country, label, code: `+${callingCodeOf(country)}`, search: normalize(label) };
};

const NONE: Country[] = [];
let sorted: Country[] | undefined;
/** Every country, named and sorted the first time the list opens. */
const allCountries = () =>
  (sorted ??= countryCodes()
    .map(describe)
    .sort((a, b) => a.label.localeCompare(b.label, 'en')));

/**
 * The phone input's country picker: a button showing the country that opens a searchable
 * list of every country, named by the browser, with its calling code. Text only, no flag
 * images: nothing extra to download on a slow connection.
 */
export function CountrySelect({
  value,
  onChange,
  onFocus,
  disabled,
  'aria-label': ariaLabel = 'Country',
}: CountrySelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const countries = open ? allCountries() : NONE;

  const shown = useMemo(() => {
    const term = normalize(filter);
    if (!term) return countries;
    const digits = term.replace(/[^\d]/g, '');
    return countries.filter(
      (c) =>
        c.search.includes(term) ||
        c.value.toLowerCase() === term ||
        (digits !== '' && c.code.slice(1).startsWith(digits)),
    );
  }, [countries, filter]);

  useEffect(() => {
    if (query === filter) return;
    const timer = setTimeout(() => {
      setFilter(query);
      setActive(0);
    }, COUNTRY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, filter]);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const selected = useMemo(() => (value ? describe(value) : undefined), [value]);

  const openList = () => {
    setQuery('');
    setFilter('');
    setActive(
      Math.max(
        0,
        allCountries().findIndex((c) => c.value === value),
      ),
    );
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (country: string) => {
    close(false);
    onChange(country);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(Math.max(shown.length - 1, 0));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = shown[active];
        if (option) choose(option.value);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const activeOption = shown[active];

  return (
    <div className="country-select" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="country-select-button"
        aria-label={`${ariaLabel}: ${selected ? `${selected.label} ${selected.code}` : 'none'}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onFocus={onFocus}
      >
        {/* The number itself shows the calling code: the country's letters are enough here. */}
        <span className="country-select-code">{value ?? '—'}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open && (
        <div className="country-select-popover">
          <input
            ref={searchRef}
            type="search"
            className="country-select-search"
            role="combobox"
            aria-label="Search countries"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? `${id}-option-${active}` : undefined}
            placeholder="Search countries"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKeyDown}
          />
          <ul id={listId} role="listbox" aria-label="Countries" className="country-select-list">
            {shown.map((c, index) => (
              <li
                key={c.value}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={c.value === value}
                className={index === active ? 'country-option is-active' : 'country-option'}
                // Keep focus in the search box; the click chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(c.value)}
              >
                <span>{c.label}</span>
                <span className="muted">{c.code}</span>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="country-select-empty muted">No country found.</p>}
        </div>
      )}
    </div>
  );
}
