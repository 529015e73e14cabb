import type { Browser, BrowserContext, Page } from '@playwright/test';
import { matchPath } from 'react-router';
import { DRAWN_PAGE_GLOBAL } from '../../../src/shared/pages.ts';
import { screens } from '../../../src/web/routes.ts';
import { startApp, type RunningApp } from './harness.ts';
import { applyAsPastor, approve } from './pastor.ts';
import { createAccount, type StorageState } from './sessions.ts';
import { expect, test } from './test.ts';

// Every link and button reachable from each kind of member's screens, followed in the app and
// loaded as a page of its own: both must show the same screen, and none 'Page not found'
// (issue 29). A crawler: it finds the links and buttons on each screen as a member would, so a
// new screen is walked the day it is linked. To stay bounded it walks one path of each screen
// (the table's patterns), and presses buttons with every write to the server blocked (a
// 'Delete' or 'Logout' is pressed, but nothing changes); Logout is then pressed for real.
// The walks are independent: the navigation-*.spec.ts files each walk some of the roles, so
// two workers share them (decision 049).

const admin = { email: 'nav-admin@example.com', password: 'nav-admin-pass-1', firstName: 'Abena' };
const member = {
  email: 'nav-member@example.com',
  password: 'nav-member-pass-1',
  firstName: 'Efua',
};
const officer = { email: 'nav-officer@example.com', password: 'nav-officer-1', firstName: 'Kojo' };
const pastor = { email: 'nav-pastor@example.com', password: 'nav-pastor-1', firstName: 'Ama' };

let app: RunningApp;
const states: Record<string, StorageState> = {};

export type RoleName = 'signed out' | 'guest' | 'member' | 'admin' | 'finance officer' | 'pastor';

interface Role {
  name: RoleName;
  account?: { email: string };
  guest?: boolean;
  start: string[];
}

const roles: Role[] = [
  { name: 'signed out', start: ['/', '/sermons', '/devotional', '/workers-gate'] },
  { name: 'guest', guest: true, start: ['/home'] },
  { name: 'member', account: member, start: ['/home'] },
  { name: 'admin', account: admin, start: ['/home', '/admin'] },
  { name: 'finance officer', account: officer, start: ['/home'] },
  { name: 'pastor', account: pastor, start: ['/home', '/workers'] },
];

/** The table's pattern for a path (the crawl walks one path of each). */
function patternOf(pathname: string): string {
  const found = screens
    .map((screen) => screen.pattern)
    .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))
    .find((pattern) => matchPath(pattern, pathname));
  return found ?? `unknown ${pathname}`;
}

async function contextFor(browser: Browser, role: Role): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    storageState: role.account ? states[role.account.email] : undefined,
  });
  if (role.guest) {
    await context.addCookies([{ name: 'flock.guest', value: '1', url: app.baseURL }]);
  }
  return context;
}

/** Where the page has settled: its path and its screen's heading, once that stops changing. */
async function screenOf(page: Page): Promise<{ path: string; heading: string }> {
  // Settled, whatever the machine's speed (decision 049): the app has taken over a drawn page
  // (a tap on the drawn page is first-paint.spec.ts's business), no navigation is loading a
  // screen's code or data, no spinner is showing, and the page has had an idle moment to
  // render what it loaded.
  // Then the screen's heading (or the title of the popup a screen is: the workers gate),
  // visible, past 'Loading…' (screens that wait for the server say so in their heading first),
  // and the same for 100 ms. One check in the page, polled each frame: the crawl makes ~1,000
  // of them, and one round trip per condition cost a third of its time.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 })),
      ),
  );
  const settled = await page
    .waitForFunction(
      (drawnGlobal) => {
        const state = window as unknown as {
          crawlHeading?: { element: Element; text: string; since: number };
        };
        if (drawnGlobal in window || document.querySelector('.route-progress')) return false;
        // A screen still loading its data is not settled either: its heading may be a
        // placeholder ('Week 15' before the week's title), shown longer than 100 ms on a slow
        // database.
        for (const spinner of document.querySelectorAll(
          'main .spinner, [role="dialog"] .spinner',
        )) {
          if (spinner.checkVisibility()) return false;
        }
        const heading = document.querySelector<HTMLElement>('main h1, [role="dialog"] h2');
        if (!heading?.checkVisibility()) return false;
        const text = heading.innerText.trim();
        if (/loading|verifying|checking/i.test(text)) return false;
        const seen = state.crawlHeading;
        const now = performance.now();
        if (seen?.element !== heading || seen.text !== text) {
          state.crawlHeading = { element: heading, text, since: now };
          return false;
        }
        return now - seen.since >= 100 ? text : false;
      },
      DRAWN_PAGE_GLOBAL,
      { polling: 'raf', timeout: 10_000 },
    )
    .catch(async (error: Error) => {
      const heading = await page
        .locator('main h1, [role="dialog"] h2')
        .first()
        .innerText({ timeout: 500 })
        .catch(() => '(none)');
      throw new Error(`${page.url()} did not settle (heading: ${heading}): ${error.message}`);
    });
  const url = new URL(page.url());
  return { path: `${url.pathname}${url.search}`, heading: (await settled.jsonValue()) as string };
}

/** The links of the screen a member can follow within the app. */
/** Where a member can tap: the popup a screen has open (the workers gate), else the screen. */
async function reachable(page: Page) {
  const dialog = page.locator('[role="dialog"]:visible');
  return (await dialog.count()) > 0 ? dialog.first() : page.locator('#root');
}

async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await (
    await reachable(page)
  )
    .locator('a[href]:visible')
    .evaluateAll((anchors) =>
      (anchors as HTMLAnchorElement[])
        .filter(
          (a) =>
            !a.target &&
            !a.hasAttribute('download') &&
            !a.getAttribute('href')?.startsWith('#') &&
            a.origin === location.origin,
        )
        .map((a) => `${a.pathname}${a.search}`),
    );
  // The guest link and the language links are the server's (they set a cookie and redirect):
  // following one would change what every later full load shows. languages.spec.ts checks the
  // language links.
  return [...new Set(hrefs)].filter(
    (href) =>
      !/^\/(api|dev|sandbox)\//.test(href) &&
      !href.startsWith('/continue-as-guest') &&
      !href.startsWith('/language/'),
  );
}

/** Every write to the server fails while buttons are pressed: a crawl changes nothing. */
async function blockWrites(page: Page, blocked: boolean) {
  if (blocked) {
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort(),
    );
  } else {
    await page.unroute('**/api/**');
  }
}

/**
 * Registers the crawl of `names` in the calling spec file: its own app with the four accounts
 * (an admin, a member, a finance officer, an approved pastor), then one walk per role.
 */
export function crawlRoles(names: RoleName[]) {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
    for (const account of [admin, member, officer, pastor]) {
      states[account.email] = await createAccount(app.baseURL, account);
    }
    const api = await (
      await import('@playwright/test')
    ).request.newContext({
      baseURL: app.baseURL,
      storageState: states[admin.email],
      extraHTTPHeaders: { origin: app.baseURL },
    });
    const officers = await api.put('/api/admin/finance/officers', {
      data: { email: officer.email, allAssemblies: false, assemblies: ['grace'] },
    });
    expect(officers.status(), await officers.text()).toBe(200);
    await api.dispose();
    await approve(
      app.baseURL,
      states[admin.email]!,
      await applyAsPastor(app.baseURL, states[pastor.email]!, {
        full_name: 'Ama Serwaa Mensah',
        email: pastor.email,
        pastor_type: 'full-time',
      }),
    );
  });

  test.afterAll(async () => {
    await app?.dispose();
  });

  for (const role of roles.filter((r) => names.includes(r.name))) {
    test(`${role.name}: every link and button shows what a full load of its address shows`, async ({
      browser,
    }) => {
      test.setTimeout(600_000);
      const context = await contextFor(browser, role);
      const page = await context.newPage();
      const loader = await context.newPage();
      // What opens in a tab of its own (the audio channel) leaves the app: not walked.
      context.on('page', (opened) => {
        if (opened !== page && opened !== loader) void opened.close();
      });
      const fullLoads = new Map<string, { path: string; heading: string }>();
      /** What a full load of `path` shows (once a path). */
      const fullLoad = async (path: string) => {
        let shown = fullLoads.get(path);
        if (!shown) {
          await loader.goto(path);
          shown = await screenOf(loader);
          fullLoads.set(path, shown);
        }
        return shown;
      };
      const checked: string[] = [];
      /** In-app arrival at `arrived`, from a tap on what `what` names, against a full load. */
      const compare = async (what: string, arrived: { path: string; heading: string }) => {
        const loaded = await fullLoad(arrived.path);
        expect.soft(arrived.heading, `${what} → ${arrived.path}`).not.toBe('Page not found');
        expect.soft(arrived, `${what}: in the app as on a full load`).toEqual(loaded);
        checked.push(`${what} → ${arrived.path} "${arrived.heading}"`);
      };

      const seen = new Set<string>();
      const pressed = new Set<string>();
      const queue = [...role.start];
      while (queue.length > 0) {
        const path = queue.shift()!;
        const pattern = patternOf(new URL(path, app.baseURL).pathname);
        if (seen.has(pattern)) continue;
        seen.add(pattern);
        const here = await fullLoad(path);
        expect.soft(here.heading, path).not.toBe('Page not found');
        await page.goto(path);
        await screenOf(page);

        // Links: followed in the app, then Back; one to each screen (a list of ten sermons is
        // one link to a sermon).
        const targets = new Map<string, string>();
        for (const href of await linksOf(page)) {
          const target = patternOf(new URL(href, app.baseURL).pathname);
          if (!targets.has(target)) targets.set(target, href);
        }
        for (const href of targets.values()) {
          const link = (await reachable(page)).locator(`a[href="${href}"]:visible`).first();
          if ((await link.count()) === 0) continue;
          await link.click({ timeout: 5000 });
          const arrived = await screenOf(page);
          await compare(`${path}: link ${href}`, arrived);
          queue.push(href);
          if (arrived.path === here.path) continue;
          await page.goBack();
          const back = await screenOf(page);
          expect.soft(back.path, `Back from ${href}`).toBe(here.path);
        }

        // Buttons: pressed with writes blocked; those that lead somewhere are compared too, and
        // so are the buttons of a popup one opens (the sermon type's Video).
        await blockWrites(page, true);
        const buttons = (await reachable(page)).locator('button:visible');
        const left = () =>
          new URL(page.url()).pathname !== new URL(here.path, app.baseURL).pathname;
        /** This screen afresh, with its i-th button pressed; its label, or null if it is not one. */
        const press = async (i: number) => {
          await page.goto(path);
          await screenOf(page);
          const button = buttons.nth(i);
          if ((await button.count()) === 0 || (await button.isDisabled())) return null;
          const label = ((await button.getAttribute('aria-label')) ?? (await button.innerText()))
            .replace(/\s+/g, ' ')
            .trim();
          // A button another layer covers (a popup that opened itself) is not one to press.
          if (
            !(await button.click({ timeout: 3000 }).then(
              () => true,
              () => false,
            ))
          )
            return null;
          await page.waitForTimeout(250);
          return label;
        };
        // One of each kind (a list's ten Play buttons are one), by how they are drawn; and a
        // button every screen has (Contact support, Logout) once a role.
        const kinds = await buttons.evaluateAll((all) =>
          all.map((button) => {
            const label = button.getAttribute('aria-label') ?? button.textContent ?? '';
            return `${button.className}|${button.getAttribute('aria-haspopup') ?? ''}|${label}`;
          }),
        );
        const firstOfKind = kinds.map((kind, i) => {
          const [className] = kind.split('|');
          const first = kinds.findIndex((other) => other.split('|')[0] === className) === i;
          return first && !pressed.has(kind) ? i : -1;
        });
        for (const i of firstOfKind.filter((i) => i >= 0)) {
          pressed.add(kinds[i]!);
          const label = await press(i);
          if (label === null) continue;
          if (left()) {
            const arrived = await screenOf(page);
            await compare(`${path}: button "${label}"`, arrived);
            queue.push(arrived.path);
            continue;
          }
          const dialog = page.getByRole('dialog');
          if (!(await dialog.isVisible())) continue;
          const choices = await dialog.getByRole('button').count();
          for (let j = 0; j < choices; j++) {
            if ((await press(i)) === null || !(await dialog.isVisible())) break;
            const choice = dialog.getByRole('button').nth(j);
            const name = (await choice.innerText()).trim();
            if (!name || /^(cancel|close|okay)$/i.test(name)) continue;
            if (
              !(await choice.click({ timeout: 3000 }).then(
                () => true,
                () => false,
              ))
            )
              continue;
            await page.waitForTimeout(250);
            if (left()) await compare(`${path}: "${label}" → "${name}"`, await screenOf(page));
          }
        }
        await blockWrites(page, false);
      }

      // Logout, for real: the login screen, in the app as on a full load, and Back stays sane.
      if (role.account) {
        await page.goto('/home');
        await screenOf(page);
        await page.getByRole('button', { name: 'Logout' }).click();
        await expect(page).toHaveURL(`${app.baseURL}/`);
        await compare('Logout', await screenOf(page));
        await page.goBack();
        const back = await screenOf(page);
        expect.soft(back.heading, 'Back after Logout').not.toBe('Page not found');
      }
      if (role.guest) {
        await page.goto('/home');
        await page.getByRole('link', { name: 'Log In/Sign Up' }).click();
        await compare('Log In/Sign Up', await screenOf(page));
      }
      console.log(
        `${role.name}: ${seen.size} screens, ${checked.length} taps\n  ${checked.join('\n  ')}`,
      );
      expect(seen.size).toBeGreaterThan(role.start.length);
      await context.close();
    });
  }
}
