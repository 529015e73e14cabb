import { getLocale, overwriteGetLocale } from '../../paraglide/runtime.js';

/**
 * Runs `work` with the catalogue in Twi, as the server does for a Twi request (decision 043):
 * for the tests of the shared texts, which have no request around them.
 */
export function inTwi<T>(work: () => T): T {
  const before = getLocale;
  overwriteGetLocale(() => 'ak');
  try {
    return work();
  } finally {
    overwriteGetLocale(before);
  }
}
