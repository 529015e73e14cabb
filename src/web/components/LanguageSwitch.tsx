import { useLocation } from 'react-router';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import { LANGUAGE_NAMES, LANGUAGES, languagePath } from '../../shared/languages.ts';

// The language switch of the login screen and the profile (decision 043): one ordinary link
// per language, each named in its own, back to this screen. A page load, as each build speaks
// one language; a link, so it works on a page the server drew before the app has arrived.
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const current = getLocale();
  return (
    <nav className="language-switch" aria-label={m.language_label()}>
      {LANGUAGES.map((language) =>
        language === current ? (
          <span key={language} lang={language} aria-current="true">
            {LANGUAGE_NAMES[language]}
          </span>
        ) : (
          <a
            key={language}
            href={languagePath(language, pathname + search)}
            lang={language}
            hrefLang={language}
          >
            {LANGUAGE_NAMES[language]}
          </a>
        ),
      )}
    </nav>
  );
}
