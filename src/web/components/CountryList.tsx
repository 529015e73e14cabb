import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { m } from '../../paraglide/messages.js';
import { callingCodeOf, countryCodes, countryName } from './phone-countries.ts';

// The country picker's open list: its search, filtering and keyboard. Loaded when the picker
// is first focused, pointed at or opened (CountrySelect.tsx), not with the form's first screen
// (issue 16: a phone screen with a saved number outside Ghana fits its 130 kB).

/** Spec §9: the country search waits 250 ms after the last key before filtering. */
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

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

let sorted: Country[] | undefined;
/** Every country, named and sorted the first time the list opens. */
const allCountries = () =>
  (sorted ??= countryCodes()
    .map((country): Country => {
      const label = countryName(country);
      return {
        value: country,
        label,
        code: `+${callingCodeOf(country)}`,
        search: normalize(label),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en')));

interface CountryListProps {
  /** The picker's id: options are `${id}-option-${index}`, the list `${id}-list`. */
  id: string;
  /** The country chosen now (marked, and where the list starts). */
  value: string | undefined;
  onChoose: (country: string) => void;
  /** Escape returns focus to the picker's button; Tab moves on. */
  onClose: (returnFocus: boolean) => void;
}

/** A searchable list of every country, named by the browser, with its calling code. */
export function CountryList({ id, value, onChoose, onClose }: CountryListProps) {
  const listId = `${id}-list`;
  const countries = allCountries();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      countries.findIndex((c) => c.value === value),
    ),
  );
  const searchRef = useRef<HTMLInputElement>(null);

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

  useEffect(() => searchRef.current?.focus(), []);

  useEffect(() => {
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

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
        if (option) onChoose(option.value);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        break;
    }
  };

  const activeOption = shown[active];

  return (
    <>
      <input
        ref={searchRef}
        type="search"
        className="country-select-search"
        role="combobox"
        aria-label={m.components_search_countries()}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${id}-option-${active}` : undefined}
        placeholder={m.components_search_countries()}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={m.components_countries()}
        className="country-select-list"
      >
        {shown.map((c, index) => (
          <li
            key={c.value}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={c.value === value}
            className={index === active ? 'country-option is-active' : 'country-option'}
            // Keep focus in the search box; the click chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(c.value)}
          >
            <span>{c.label}</span>
            <span className="muted">{c.code}</span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="country-select-empty muted">{m.components_no_country()}</p>
      )}
    </>
  );
}
