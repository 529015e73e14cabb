import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path.ts';

// The one check every redirect parameter goes through (issue 47, item 7).

/** Where a browser on the site goes when a page answers `Location: location`. */
const followed = (location: string) => new URL(location, 'https://church.example/x/y');

describe('sameOriginPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(sameOriginPath('/auth?mode=signup')).toBe('/auth?mode=signup');
    expect(sameOriginPath('/profile')).toBe('/profile');
    expect(sameOriginPath('/a/./b/../c')).toBe('/a/c');
    expect(sameOriginPath('/auth?next=//evil.example')).toBe('/auth?next=//evil.example');
  });

  it('turns every way to another site into the start (the issue’s /.//evil.example among them)', () => {
    for (const next of [
      '/.//evil.example',
      '/%2e//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      '/..//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'profile',
      '',
      undefined,
      ['/auth'],
    ]) {
      expect(sameOriginPath(next), String(next)).toBe('/');
    }
    expect(sameOriginPath('//evil.example', '/reset-password')).toBe('/reset-password');
  });

  it('never answers a location a browser reads as another site, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          // A '/' and a few of the pieces redirects are broken with: dot segments, slashes
          // both ways, encoded ones, control characters.
          fc
            .array(
              fc.constantFrom(
                '/',
                '\\',
                '.',
                '/./',
                '/../',
                '%2e',
                '%5c',
                '\t',
                'evil.example',
                ':',
                '@',
                '?',
              ),
              {
                maxLength: 6,
              },
            )
            .map((parts) => `/${parts.join('')}`),
        ),
        (next) => {
          const path = sameOriginPath(next);
          expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
          expect(followed(path).origin).toBe('https://church.example');
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
