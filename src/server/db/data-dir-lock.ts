import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Two processes on one PGlite directory silently lose writes, so the one that opens it holds
// a lock file. The lock names its holder (host, pid), so a holder that died (kill -9, power
// cut) is noticed at once and its lock taken over: a supervisor's restart right after a
// crash must succeed (issue 15 #5). A live holder is always refused.
//
// A pid the system has since given to an unrelated process is told apart by the process's
// start time (Linux /proc), kept in the lock. For a lock written on another host (a data
// directory on a shared or moved volume) the pid says nothing: the holder touches the file
// every few seconds, and such a lock is stale once it has not been touched for STALE_MS.
// Age never overrules a live holder on this host: a process can be busy (PGlite's first
// start blocks for seconds, many more on a loaded machine) without being gone.

const HEARTBEAT_MS = 5_000;
const STALE_MS = 20_000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Flock process is already using the data directory ${dataDir}.\n` +
        'Stop that process first, or start this one with DATA_DIR set to another folder.',
    );
  }
}

interface Holder {
  host: string;
  pid: number;
  /** When the process started (clock ticks since boot, Linux), or null where unknown. */
  started: string | null;
  token: string;
}

/** A process's start time from /proc (null where there is no /proc or no such process). */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which may itself hold spaces and ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(file: string): { holder: Holder | null; touchedAt: number } | null {
  let text: string;
  let touchedAt: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    touchedAt = fs.statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { holder: parsed as Holder, touchedAt };
    }
  } catch {
    // unreadable: judged by its age alone
  }
  return { holder: null, touchedAt };
}

/** Tokens of the locks this process holds. */
const heldHere = new Set<string>();

/**
 * Whether a process is running. A killed process whose parent has not collected it yet (a
 * zombie: an init that does not reap, a supervisor's child orphaned) still answers signals,
 * but it is dead and holds nothing: /proc says so (state Z or X).
 */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (not Linux): the signal's answer stands
  }
}

/** Whether the lock's holder may still be using the directory. */
function holderIsLive(found: { holder: Holder | null; touchedAt: number }): boolean {
  const fresh = Date.now() - found.touchedAt <= STALE_MS;
  const { holder } = found;
  // Unreadable: someone is writing it right now, or it is debris.
  if (!holder) return fresh;
  // Another host's processes cannot be seen from here: only the heartbeat tells.
  if (holder.host !== os.hostname()) return fresh;
  // Our own pid: live if this process holds it, else left by an earlier process that had
  // the same pid (a restarted container's pid 1, say).
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  if (!processIsAlive(holder.pid)) return false;
  // Alive, but perhaps a new process that was given the dead holder's pid.
  const started = startTimeOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/** Takes the lock on `dataDir` or throws DataDirLockedError; returns its release. */
export function lockDataDir(dataDir: string): () => Promise<void> {
  const file = path.join(dataDir, '.flock.lock');
  const me: Holder = {
    host: os.hostname(),
    pid: process.pid,
    started: startTimeOf(process.pid),
    token: randomUUID(),
  };
  const draft = `${file}.${me.token}`;
  fs.writeFileSync(draft, JSON.stringify(me));

  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // link() is atomic and fails when the lock exists: no half-written lock is ever seen.
        fs.linkSync(draft, file);
        return startHolding(file, me);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readHolder(file);
      if (found === null) continue; // released meanwhile
      if (holderIsLive(found)) throw new DataDirLockedError(dataDir);
      // Stale: move it aside, then make sure what moved is the lock we judged (another
      // starting process may have replaced it in between); if not, put it back and give up.
      const aside = `${file}.stale.${me.token}`;
      try {
        fs.renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = readHolder(aside);
      if (moved?.holder?.token !== found.holder?.token) {
        try {
          fs.linkSync(aside, file);
        } catch {
          // someone else holds it now; either way it is not ours
        }
        fs.rmSync(aside, { force: true });
        throw new DataDirLockedError(dataDir);
      }
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(dataDir);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function startHolding(file: string, me: Holder): () => Promise<void> {
  heldHere.add(me.token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // the directory went away; nothing to keep
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(me.token);
    // Only remove the lock if it is still ours.
    if (readHolder(file)?.holder?.token === me.token) fs.rmSync(file, { force: true });
  };
}

/**
 * The pid of the live process on this host holding `dataDir`, or null when nobody does (a
 * backup then opens the directory itself; otherwise it asks the holder).
 */
export function liveLocalHolder(dataDir: string): number | null {
  const found = readHolder(path.join(dataDir, '.flock.lock'));
  if (!found?.holder || found.holder.host !== os.hostname()) return null;
  return holderIsLive(found) ? found.holder.pid : null;
}
