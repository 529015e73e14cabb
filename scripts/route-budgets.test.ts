import { describe, expect, it } from 'vitest';
import { KIB, routeCosts, type Manifest } from './route-budgets.ts';

// A small build: an entry with a framework chunk and a router that lazily imports two pages;
// the login page lazily imports its sign-up form; both pages share a chunk; pages import the
// entry chunk back, as Vite's chunks do.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['features/AuthPage.tsx', 'features/HomePage.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  'features/AuthPage.tsx': {
    file: 'assets/AuthPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
    dynamicImports: ['features/SignUpForm.tsx'],
  },
  'features/SignUpForm.tsx': {
    file: 'assets/SignUpForm.js',
    isDynamicEntry: true,
    imports: ['_phone.js'],
    css: ['assets/SignUpForm.css'],
  },
  '_phone.js': { file: 'assets/phone.js' },
  'features/HomePage.tsx': {
    file: 'assets/HomePage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
    css: ['assets/HomePage.css'],
  },
};

const sizes: Record<string, number> = {
  'assets/index.js': 5 * KIB,
  'assets/vendor.js': 80 * KIB,
  'assets/shared.js': 4 * KIB,
  'assets/AuthPage.js': 3 * KIB,
  'assets/SignUpForm.js': 10 * KIB,
  'assets/phone.js': 40 * KIB,
  'assets/HomePage.js': 2 * KIB,
  'assets/index.css': 3 * KIB,
  'assets/SignUpForm.css': 1 * KIB,
  'assets/HomePage.css': 13 * KIB,
};
const sizeOf = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};

const defaults = { js: 130 * KIB, css: 15 * KIB };
const costsOf = (overrides = {}) =>
  Object.fromEntries(
    routeCosts(manifest, sizeOf, defaults, overrides, []).map((c) => [c.module, c]),
  );

describe('routeCosts with a route wrapper', () => {
  // The router loads PageData.tsx around every page but the login page.
  const wrapped: Manifest = {
    ...manifest,
    'index.html': {
      ...manifest['index.html']!,
      dynamicImports: [...manifest['index.html']!.dynamicImports!, 'PageData.tsx'],
    },
    'PageData.tsx': { file: 'assets/PageData.js', isDynamicEntry: true, imports: ['_query.js'] },
    '_query.js': { file: 'assets/query.js' },
  };
  const wrappedSizes: Record<string, number> = {
    ...sizes,
    'assets/PageData.js': 1 * KIB,
    'assets/query.js': 9 * KIB,
  };
  const costs = Object.fromEntries(
    routeCosts(wrapped, (file) => wrappedSizes[file] ?? 0, defaults, {}, [
      { module: 'PageData.tsx', outside: /AuthPage/ },
    ]).map((c) => [c.module, c]),
  );

  it('counts the wrapper with every screen under it', () => {
    expect(costs['features/HomePage.tsx']?.js).toBe(101 * KIB);
  });

  it('does not count it for the screens outside it, nor for what they load', () => {
    expect(costs['features/AuthPage.tsx']?.js).toBe(92 * KIB);
    expect(costs['features/SignUpForm.tsx']?.js).toBe(142 * KIB);
    expect(costs['index.html']?.js).toBe(85 * KIB);
  });
});

describe('routeCosts with a shared chunk imported lazily', () => {
  // The home page loads the phone chunk on demand, which the sign-up form imports statically.
  const lazyShared: Manifest = {
    ...manifest,
    '_phone.js': { file: 'assets/phone.js', name: 'phone' },
    'features/HomePage.tsx': {
      ...manifest['features/HomePage.tsx']!,
      dynamicImports: ['_phone.js'],
    },
  };

  it('budgets it on its way from the page, by its name', () => {
    const costs = routeCosts(
      lazyShared,
      sizeOf,
      defaults,
      { phone: { js: 140 * KIB, css: 20 * KIB } },
      [],
    );
    expect(costs.find((c) => c.module === '_phone.js')).toMatchObject({
      via: ['features/HomePage.tsx'],
      js: 131 * KIB,
      budget: { js: 140 * KIB, css: 20 * KIB },
      over: false,
    });
  });
});

describe('routeCosts', () => {
  it('counts the entry, its imports and each lazy page with its own imports and CSS', () => {
    const costs = costsOf();
    expect(costs['index.html']).toMatchObject({ js: 85 * KIB, css: 3 * KIB, via: [] });
    expect(costs['features/AuthPage.tsx']).toMatchObject({ js: 92 * KIB, css: 3 * KIB });
    expect(costs['features/HomePage.tsx']).toMatchObject({ js: 91 * KIB, css: 16 * KIB });
    // Loaded only after its page: the page is counted too, and named on the way.
    expect(costs['features/SignUpForm.tsx']).toMatchObject({
      js: 142 * KIB,
      css: 4 * KIB,
      via: ['features/AuthPage.tsx'],
    });
    expect(costs['features/SignUpForm.tsx']?.files).toContain('assets/AuthPage.js');
  });

  it('flags what is over its budget, JS or CSS, and applies the overrides', () => {
    const costs = costsOf({ 'features/AuthPage.tsx': { js: 90 * KIB } });
    expect(costs['features/AuthPage.tsx']?.over).toBe(true);
    expect(costs['features/SignUpForm.tsx']?.over).toBe(true);
    expect(costs['features/HomePage.tsx']?.over).toBe(true); // 16 KiB of CSS
    expect(costs['index.html']?.over).toBe(false);
    expect(costs['features/AuthPage.tsx']?.budget).toEqual({ js: 90 * KIB, css: 15 * KIB });
  });

  it('budgets a new lazy page the day it appears, with the default', () => {
    const withNewPage: Manifest = {
      ...manifest,
      'index.html': {
        ...manifest['index.html']!,
        dynamicImports: [...manifest['index.html']!.dynamicImports!, 'features/FinancePage.tsx'],
      },
      'features/FinancePage.tsx': {
        file: 'assets/FinancePage.js',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
    };
    sizes['assets/FinancePage.js'] = 60 * KIB;
    const finance = routeCosts(withNewPage, sizeOf, defaults, {}, []).find(
      (c) => c.module === 'features/FinancePage.tsx',
    );
    expect(finance).toMatchObject({ js: 145 * KIB, budget: defaults, over: true });
  });
});
