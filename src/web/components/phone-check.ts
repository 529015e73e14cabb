import { PHONE_FORMAT } from '../../shared/phone.ts';
import type * as PhoneEngineModule from './phone-engine.ts';

// How a form checks a phone number in the browser (decision 011, fourth pass): the engine and
// the number's metadata load on demand, so the form's resolver waits for them.

type PhoneEngine = typeof PhoneEngineModule;
let engine: Promise<PhoneEngine> | undefined;

/** The phone engine, loaded once (again after a failure, e.g. offline). */
export function loadPhoneEngine(): Promise<PhoneEngine> {
  engine ??= import('./phone-engine.ts').catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/**
 * A validator for `checkPhone` that answers as the server's `phoneSchema` does for this value
 * (phone-engine.test.ts); it never refuses what it could not check (engine or metadata not
 * loaded): the server's answer then lands on the field.
 */
export async function phoneValidator(value: string): Promise<(phone: string) => boolean> {
  const phone = value.trim();
  if (!PHONE_FORMAT.test(phone)) return () => true; // the format's own message comes first
  try {
    const valid = await (await loadPhoneEngine()).checkPhoneNumber(phone);
    return (checked) => (checked.trim() === phone ? valid : true);
  } catch {
    return () => true;
  }
}
