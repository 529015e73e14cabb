import type { Language } from '../../shared/languages.ts';
import type { FinanceScope } from '../../shared/schemas/finance.ts';

// The sessions a process looked up in the last few seconds (decision 017; the lookup itself
// is core/session.ts). Apart from it so that the app's context can name the cache
// without importing a feature that imports the context.

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** Finance officer or admin: the assemblies they act for; null: neither. */
  finance: FinanceScope | null;
  /** The account's language (decision 043): the pages of every browser it signs in (053). */
  locale: Language;
}

interface Cached {
  user: SessionUser | null;
  until: number;
}

/** Sessions a process looked up recently, by their signed cookie value. */
export class SessionCache {
  private readonly entries = new Map<string, Cached>();
  private readonly ttlMs: number;
  private static readonly MAX_ENTRIES = 10_000;
  /** Moves on each `forget`: a lookup that began before it must not store what it read. */
  generation = 0;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  get(key: string, now: number): Cached | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, user: SessionUser | null, now: number, sessionEnds: number, generation: number) {
    if (this.ttlMs === 0 || generation !== this.generation) return;
    if (this.entries.size >= SessionCache.MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { user, until: Math.min(now + this.ttlMs, sessionEnds) });
  }

  /** Forget one member's sessions (a role or profile change), or every session. */
  forget(userId?: string) {
    this.generation++;
    if (userId === undefined) return this.entries.clear();
    for (const [key, entry] of this.entries) {
      if (entry.user?.id === userId) this.entries.delete(key);
    }
  }
}
