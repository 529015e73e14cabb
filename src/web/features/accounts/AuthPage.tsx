import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { GUEST_PATH } from '../../../shared/pages.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useBrand } from '../../core/useChurch.ts';
import { LoginForm } from './LoginForm.tsx';
import { setGuest } from '../../core/useIsGuest.ts';

// Login mode needs neither the phone input nor the sign-up schema (≈ 80 KB): the sign-up
// form is downloaded when its tab is chosen, or as soon as a finger or the focus is on it.
const loadSignUpForm = () => import('./SignUpForm.tsx');
const SignUpForm = lazy(async () => ({ default: (await loadSignUpForm()).SignUpForm }));

type Mode = 'login' | 'signup';

const tabs = (): { mode: Mode; label: string }[] => [
  { mode: 'login', label: m.accounts_login() },
  { mode: 'signup', label: m.accounts_sign_up() },
];

/** The Login / Sign Up screen at / and /auth (spec §2). Login is the starting mode. */
export function AuthPage() {
  const { productName, logoUrl, churchName, isPending } = useBrand();
  const id = useId();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  // Carried from one form to the other, so switching (or finishing a sign-up) keeps it.
  const [email, setEmail] = useState('');
  const tabRefs = useRef<Record<Mode, HTMLButtonElement | null>>({ login: null, signup: null });

  const [searchParams] = useSearchParams();
  const verified = searchParams.get('verified') === '1';
  const verifyError = searchParams.get('error');

  const switchTo = (next: Mode, focusTab = false) => {
    setMode(next);
    if (focusTab) tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const next: Mode =
        event.key === 'Home'
          ? 'login'
          : event.key === 'End'
            ? 'signup'
            : mode === 'login'
              ? 'signup'
              : 'login';
      switchTo(next, true);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby={`${id}-title`}>
      <header className="auth-header">
        <img
          className="auth-logo"
          src={logoUrl}
          alt=""
          width="72"
          height="72"
          // The screen paints without waiting for it (and no preload of it in a drawn page).
          fetchPriority="low"
        />
        <h1 id={`${id}-title`}>{m.accounts_welcome({ productName })}</h1>
        {/* Its line is kept while the church info loads, so the form does not move down when
            the name arrives (CLS 0 on the first screen). */}
        {(churchName || isPending) && (
          <p className="muted auth-church" aria-hidden={churchName ? undefined : true}>
            {churchName ?? '\u00a0'}
          </p>
        )}
      </header>

      <div className="card auth-card">
        {verified && !verifyError && (
          <p role="status" className="form-success auth-note">
            {m.accounts_email_confirmed()}
          </p>
        )}
        {verifyError && (
          <p role="alert" className="form-alert auth-note">
            {m.accounts_confirm_link_invalid()}
          </p>
        )}

        <div className="segmented" role="tablist" aria-label={m.accounts_tabs_label()}>
          {tabs().map((tab) => (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[tab.mode] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.mode}`}
              aria-selected={mode === tab.mode}
              aria-controls={`${id}-panel`}
              tabIndex={mode === tab.mode ? 0 : -1}
              className="segmented-option"
              onClick={() => switchTo(tab.mode)}
              onKeyDown={onTabKeyDown}
              {...(tab.mode === 'signup' && {
                onPointerEnter: () => void loadSignUpForm(),
                onPointerDown: () => void loadSignUpForm(),
                onFocus: () => void loadSignUpForm(),
              })}
            >
              {tab.label}
            </button>
          ))}
        </div>

        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${mode}`}>
          {mode === 'login' ? (
            <LoginForm key="login" initialEmail={email} onEmailChange={setEmail} />
          ) : (
            <Suspense fallback={<Spinner label={m.accounts_loading_sign_up()} />}>
              <SignUpForm
                key="signup"
                initialEmail={email}
                onEmailChange={setEmail}
                onDone={(signedUpEmail) => {
                  setEmail(signedUpEmail);
                  setMode('login');
                  // The popup's opener (the Sign Up button) is gone: focus the Login tab once
                  // the popup has closed and released focus.
                  setTimeout(() => tabRefs.current.login?.focus(), 0);
                }}
              />
            </Suspense>
          )}
        </div>

        {mode === 'login' && (
          <p className="auth-link-row">
            <Link to={paths.forgotPassword}>{m.accounts_forgot_password()}</Link>
          </p>
        )}
        <p className="auth-link-row">
          <Link to={paths.phoneAuth}>{m.accounts_use_phone()}</Link>
        </p>
      </div>

      <p className="auth-guest">
        {/* An ordinary link to the server's guest route, which works before the app is there;
            once it is, the app sets the flag itself and goes on without a page load. */}
        <a
          href={GUEST_PATH}
          className="button button-secondary button-block"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            setGuest(true);
            void navigate(paths.memberHome);
          }}
        >
          {m.accounts_continue_guest()}
        </a>
      </p>
      <LanguageSwitch />
    </section>
  );
}
