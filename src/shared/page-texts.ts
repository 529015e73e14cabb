import { m } from '../paraglide/messages.js';
import type { Language } from './languages.ts';

/**
 * The words of a page's frame in `language` (decision 043): its description and what a
 * browser without JavaScript shows. The server writes them in every page it sends, the build
 * in its language's index.html (the offline page). Apart from src/shared/pages.ts, whose
 * constants the boot script imports without the catalogue.
 */
export function pageTexts(language: Language, productName: string) {
  return {
    description: m.page_description({}, { locale: language }),
    noscript: m.page_noscript({ product: productName }, { locale: language }),
  };
}
