import type { Language } from '../../shared/languages.ts';
import { pageTexts } from '../../shared/page-texts.ts';
import { HEAD_TAGS, PAGE_ANSWERS_ID, type PagesFile } from '../../shared/pages.ts';
import type { Church } from '../db/content.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageRoute } from './build.ts';

// Every page of the web app, written here from the build's description (decision 027).
//
// - A page the server drew holds its screen, with the answers it was drawn from (JSON, `<`
//   escaped so that nothing in them can close the script) and its style sheets applied; its
//   one script, the boot script (src/web/boot.ts, written in, allowed by its hash), keeps what
//   the member does and asks for the app's code after the first paint.
// - Any other page asks for the app's code at once, with its route's hints (decision 018): its
//   lazy modules as `modulepreload`, their CSS and the public answers its first screen asks
//   for as `preload`, so that the browser fetches them with the page instead of one round trip
//   after another.

/** The church's branding on every page, as the app sets it. */
export type Brand = Pick<Church, 'productName' | 'colors'>;

export interface PageContent {
  /** The route of the path, with its parameters; null for a path no screen has. */
  route: { route: PageRoute; params: Record<string, string> } | null;
  /** The screen the server drew, the answers it drew it from, and the boot script to run it. */
  drawn?: { markup: string; answers: Record<string, unknown>; boot: string };
  /** The page's language (decision 043); English when not given. */
  language?: Language;
}

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

const tag = (name: string, attrs: Record<string, string>) => `<${name}${attributes(attrs)}>`;

const rules = new Map<string, RegExp>();
const wholeMatch = (rule: string) => {
  let regexp = rules.get(rule);
  if (!regexp) rules.set(rule, (regexp = new RegExp(`^(?:${rule})$`)));
  return regexp;
};

/** An answer the screen will ask for, or null when a parameter is not one it asks with. */
function dataPath(hint: PageRoute['data'][number], params: Record<string, string>): string | null {
  let missing = false;
  const filled = hint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    const rule = hint.params?.[name];
    if (value === undefined || !rule || !wholeMatch(rule).test(value)) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

/** What a page that asks for the app at once announces of its route (decision 018). */
function hints(route: PageRoute, params: Record<string, string>): string[] {
  return [
    // Answers first: the server's work on them overlaps the files' transfer.
    ...route.data
      .map((hint) => dataPath(hint, params))
      .filter((url) => url !== null)
      .map((href) => tag('link', { rel: 'preload', as: 'fetch', crossorigin: '', href })),
    ...route.scripts.map((href) => tag('link', { rel: 'modulepreload', crossorigin: '', href })),
    // Preloaded, not linked: the screen's loader adds each style sheet with its screen.
    ...route.styles.map((href) =>
      tag('link', { rel: 'preload', as: 'style', crossorigin: '', href }),
    ),
  ];
}

export function pageHtml(shell: PagesFile['shell'], brand: Brand, content: PageContent): string {
  const { route, drawn, language = 'en' } = content;
  const { colors } = brand;
  const stylesheet = (href: string) => tag('link', { rel: 'stylesheet', crossorigin: '', href });
  const texts = pageTexts(language, brand.productName);
  const head = [
    ...HEAD_TAGS.map((head) => tag(head.tag, head.attrs)),
    tag('meta', { name: 'description', content: texts.description }),
    tag('meta', { name: 'theme-color', content: colors.primary }),
    `<title>${escapeHtml(brand.productName)}</title>`,
    ...(drawn
      ? // Its style sheets now; its code after the first paint (the boot script).
        [...shell.styles, ...(route?.route.styles ?? [])].map(stylesheet)
      : [
          tag('script', { type: 'module', crossorigin: '', src: shell.entry }) + '</script>',
          ...shell.imports.map((href) =>
            tag('link', { rel: 'modulepreload', crossorigin: '', href }),
          ),
          ...shell.styles.map(stylesheet),
          ...(route ? hints(route.route, route.params) : []),
        ]),
  ];
  const body = drawn
    ? [
        // Before the screen, so that nothing on it can be tapped before it runs (allowed by
        // its hash).
        tag('script', {
          'data-entry': shell.entry,
          'data-preload': [...shell.imports, ...(route?.route.scripts ?? [])].join(' '),
        }) + `${drawn.boot}</script>`,
        `<div id="root">${drawn.markup}</div>`,
        Object.keys(drawn.answers).length > 0
          ? `<script type="application/json" id="${PAGE_ANSWERS_ID}">${JSON.stringify(
              drawn.answers,
            ).replaceAll('<', '\\u003c')}</script>`
          : '',
      ]
    : ['<div id="root"></div>'];
  const htmlStyle = `--color-primary:${colors.primary};--color-on-primary:${colors.onPrimary};--color-accent:${colors.accent}`;
  return [
    '<!doctype html>',
    `<html${attributes({ lang: language, style: htmlStyle })}>`,
    '<head>',
    ...head,
    '</head>',
    '<body>',
    ...body,
    `<noscript>${escapeHtml(texts.noscript)}</noscript>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
