// What an SMS is and what sends one: apart from sms.ts so that the gateways (gateways.ts), which
// sms.ts picks from, name them without importing it back.

export interface Sms {
  /** E.164, e.g. +233241234567. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** A gateway delivers; 'dev' keeps messages in the dev outbox. */
  kind: 'hubtel' | 'arkesel' | 'mnotify' | 'dev';
  send(sms: Sms): Promise<void>;
}
