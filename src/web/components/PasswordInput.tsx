import { useState, type ComponentPropsWithRef } from 'react';
import { m } from '../../paraglide/messages.js';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password field with a show/hide toggle (spec §2). Spread react-hook-form's register() in. */
export function PasswordInput({ className, ...inputProps }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);

  return (
    <div className={['password-input', className].filter(Boolean).join(' ')}>
      <input
        {...inputProps}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="icon-button password-toggle"
        aria-label={visible ? m.components_hide_password() : m.components_show_password()}
        aria-pressed={visible}
        aria-controls={inputProps.id}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          {visible && (
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
    </div>
  );
}
