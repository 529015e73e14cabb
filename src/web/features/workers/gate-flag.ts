// Spec §2 Workers gate: "on success a local flag records that access was granted". The server
// keeps its own record of each grant; this flag only spares a member the gate again in the
// same tab. Nothing is trusted from it.
const KEY = 'flock.workersGate';

export function markGateGranted() {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // storage blocked: the member simply passes the gate again next time
  }
}

export function gateGranted(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
