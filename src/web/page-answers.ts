import { PAGE_ANSWERS_ID } from '../shared/pages.ts';

// A drawn page (decision 023) carries the public answers its screen was drawn from, as JSON
// under #page-answers: the app starts from them and draws the same screen at once, with no
// spinner in between. Each answer is taken once: later visits of the screen start as usual.

let answers: Record<string, unknown> | null = null;

function pageAnswers(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const json = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  try {
    const parsed: unknown = JSON.parse(json?.textContent ?? '{}');
    if (parsed && typeof parsed === 'object') answers = parsed as Record<string, unknown>;
  } catch {
    // Not ours to fix here: the screen asks the server.
  }
  return answers;
}

/** The server's answers to draw from (prerender.tsx), in place of the page's. */
export function providePageAnswers(given: Record<string, unknown>) {
  answers = given;
}

/** The page's answer for an API path, once; undefined when the page has none. */
export function takePageAnswer<T>(path: string): T | undefined {
  const all = pageAnswers();
  const answer = all[path] as T | undefined;
  // The server draws every page from the same answers: it keeps them.
  if (typeof document !== 'undefined') delete all[path];
  return answer;
}

/**
 * Query options for a list the page may have come with: the screen starts from the page's
 * answer and still asks the server when it opens, as it always does (a 304 when nothing
 * changed; the service worker keeps that answer for reading offline).
 */
export function fromPage<Answer, Data>(path: string, pick: (answer: Answer) => Data) {
  return {
    initialData: () => {
      const answer = takePageAnswer<Answer>(path);
      return answer === undefined ? undefined : pick(answer);
    },
  };
}
