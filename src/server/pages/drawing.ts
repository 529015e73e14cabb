import type { Language } from '../../shared/languages.ts';
import type { Build, PageRoute } from './build.ts';

// Screens drawn by the server (decision 027): the routes the table marks `drawn`, drawn with the
// build's server bundle from the answers the server's own API gives anyone (asked for through
// the API itself, so a screen is drawn from exactly what the app would be given), once per
// version of those answers.

/** Who asks for a page, as far as the server can tell without a lookup. */
export interface PageRequest {
  /** It says it is signed in: a session cookie or the guest cookie (not checked). */
  signedIn: boolean;
  /** Answers known for this request alone, by API path (nobody signed in: GET /api/me). */
  known: Record<string, unknown>;
  /** The language it is drawn in (the catalogue's cookie, decision 043). */
  language: Language;
}

export interface Drawn {
  markup: string;
  answers: Record<string, unknown>;
}

/**
 * Draws screens, keeping each (by route and what is known of the request) until its answers
 * change. `answerOf` gives what GET would answer anyone for an API path.
 */
export function createDrawing(
  answerOf: (apiPath: string) => Promise<unknown>,
  log: (message: string) => void,
) {
  // Per build (a language's build, until a new one replaces it).
  const drawnBy = new WeakMap<Build, Map<string, { version: string; result: Drawn }>>();

  /** The screen of `route` drawn for `request`, or null when the app draws it. */
  return async function draw(
    build: Build,
    route: PageRoute,
    request: PageRequest,
  ): Promise<Drawn | null> {
    const screen = route.drawn;
    if (!screen) return null;
    // Anyone else is sent on to /auth by the app: a drawn screen would only flash.
    if (screen.signedIn && !request.signedIn) return null;
    const drawer = await build.drawer;
    if (!drawer) return null;
    let drawn = drawnBy.get(build);
    if (!drawn) drawnBy.set(build, (drawn = new Map()));
    try {
      const [church, ...own] = await Promise.all(
        ['/api/church', ...screen.answers].map((path) => answerOf(path)),
      );
      const answers: Record<string, unknown> = { ...request.known };
      screen.answers.forEach((path, i) => (answers[path] = own[i]));
      const version = JSON.stringify([church, answers]);
      const key = `${route.pattern} ${request.language} ${JSON.stringify(request.known)}`;
      const kept = drawn.get(key);
      if (kept?.version === version) return kept.result;
      const markup = await drawer.renderScreen(route.pattern, church, answers, request.language);
      const result = { markup, answers };
      drawn.set(key, { version, result });
      return result;
    } catch (error) {
      log(`${route.pattern} could not be drawn (${String(error)}): the app draws it.`);
      return null;
    }
  };
}
