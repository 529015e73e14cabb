import { useEffect, useId, useRef, useState } from 'react';
import type * as CountryListModule from './CountryList.tsx';
import { callingCodeOf, countryName } from './phone-countries.ts';
import { m } from '../../paraglide/messages.js';

interface CountrySelectProps {
  /** ISO 3166 code ('GH'); none for a number without a country (+800…). */
  value: string | undefined;
  onChange: (country: string) => void;
  onFocus?: () => void;
  disabled?: boolean;
  'aria-label'?: string;
}

let listModule: typeof CountryListModule | undefined;
let listLoad: Promise<unknown> | undefined;

/** The open list's code (CountryList.tsx), fetched once (again after a failure, e.g. offline). */
function loadCountryList(): Promise<unknown> {
  listLoad ??= import('./CountryList.tsx').then(
    (module) => (listModule = module),
    (error: unknown) => {
      listLoad = undefined;
      throw error;
    },
  );
  return listLoad;
}

const preloadCountryList = () => void loadCountryList().catch(() => {});

/**
 * The phone input's country picker: a button showing the country that opens a searchable
 * list of every country, named by the browser, with its calling code. Text only, no flag
 * images: nothing extra to download on a slow connection. The list's code comes when the
 * button is first focused, pointed at or opened: a form's first screen does without it.
 */
export function CountrySelect({
  value,
  onChange,
  onFocus,
  disabled,
  'aria-label': ariaLabel = m.components_country(),
}: CountrySelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const CountryList = listModule?.CountryList;

  useEffect(() => {
    if (!open || CountryList) return;
    let current = true;
    loadCountryList().then(
      () => current && setLoaded((n) => n + 1),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, CountryList]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  const openList = () => {
    setFailed(false);
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

  const selected = value ? `${countryName(value)} +${callingCodeOf(value)}` : 'none';

  let popover = null;
  if (open && CountryList) {
    popover = <CountryList id={id} value={value} onChoose={choose} onClose={close} />;
  } else if (open && failed) {
    popover = (
      <p className="country-select-empty" role="alert">
        Could not load the list of countries. Check your connection and try again.
      </p>
    );
  } else if (open) {
    popover = (
      <p className="country-select-empty muted" role="status">
        Loading countries...
      </p>
    );
  }

  return (
    <div
      className="country-select"
      ref={rootRef}
      // While the list loads, Escape still closes it (the list's search handles its own).
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') close(true);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="country-select-button"
        // The letters shown are part of the name (WCAG 2.5.3, label in name).
        aria-label={`${ariaLabel}: ${selected}${value ? `, ${value}` : ''}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onFocus={() => {
          preloadCountryList();
          onFocus?.();
        }}
        onPointerEnter={preloadCountryList}
      >
        {/* The number itself shows the calling code: the country's letters are enough here. */}
        <span className="country-select-code">{value ?? '—'}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {popover && <div className="country-select-popover">{popover}</div>}
    </div>
  );
}
