// The Node flags the server runs with, by the database it uses (decisions 017 and 019). main.ts
// started without flags (npm start, the image) restarts itself with these, in place.

/** Every server: PGlite's WebAssembly on the baseline compiler; a small young generation. */
const ALWAYS = [
  // V8's optimising compiler needs ~450 MB for a moment on PGlite's SQL parser (decision 017).
  '--liftoff-only',
  // On a large machine V8 grows the young generation to 2 × 64 MB; 16 MB semi-spaces keep
  // ≈ 100 MB less resident with no measurable cost here.
  '--max-semi-space-size=16',
];

/**
 * The embedded database is for one small machine (1 GB): V8 sizes its heap from the machine's
 * memory, and on a large one it let the old generation fill with garbage under load (≈ 550 MiB
 * after 200 members at once; ≈ 340 with a limit). The limit costs throughput at saturation
 * (more collections), which a PostgreSQL server, a bigger machine, does not pay.
 */
const EMBEDDED = ['--max-old-space-size=512'];

export function serverNodeFlags(embedded: boolean): string[] {
  return embedded ? [...ALWAYS, ...EMBEDDED] : ALWAYS;
}
