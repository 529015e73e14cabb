import type { Bank, MomoProvider, OFFERING_TYPES } from '../../../shared/constants.ts';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { m } from '../../../paraglide/messages.js';
import { currentLocale } from '../../platform/locale.ts';

// The USSD menu (issue 32) as a pure state machine: a screen for every step, what each input
// does, `0` back and `00` to the main menu everywhere. No database here: the service keeps
// the state between a gateway's requests and does what the menu asks (ussd.service.ts).
// Screens are in the language in force: the service renders them in the caller's
// (`inLocale`). The Twi screens write ɛ and ɔ as e and o: USSD and SMS text is GSM-7.
// The main menu's last item switches to the other language (decision 043): a caller without
// data or the app chooses it here; the session speaks it from the next screen on.
//
// This file: the steps, the state and the menu's data. ussd.screens.ts renders a step,
// ussd.answers.ts takes an input.

/** USSD allows 182 characters; we keep 160, in Twi too. */
export const USSD_SCREEN_MAX = 160;

/** 'Give': its steps in order; those the caller's account answers are passed over. */
export const GIVE_STEPS = [
  'give.type',
  'give.other',
  'give.amount',
  'give.name',
  'give.assembly',
  'give.network',
  'give.confirm',
] as const;

/** 'Cash or bank code' (issue 32): the app's cash and bank gifts, their code by SMS. */
export const CODE_STEPS = [
  'code.method',
  'code.bank',
  'code.type',
  'code.other',
  'code.amount',
  'code.name',
  'code.assembly',
  'code.confirm',
] as const;

/** 'Talk to us': a support request with the caller's number. */
export const TALK_STEPS = ['talk.name', 'talk.message'] as const;

/** 'Register' (callers who are not members yet): an account on the number that dials. */
export const REGISTER_STEPS = ['reg.first', 'reg.last', 'reg.assembly', 'reg.confirm'] as const;

export type CodeStep = (typeof CODE_STEPS)[number];
export type TalkStep = (typeof TALK_STEPS)[number];
export type RegisterStep = (typeof REGISTER_STEPS)[number];

export type Step =
  | 'main'
  | (typeof GIVE_STEPS)[number]
  | CodeStep
  | TalkStep
  | RegisterStep
  /** 'Check in' (members, issue 34): the short code on the entrance screen. */
  | 'checkin.code'
  /** What a menu item looked up ('My last 5 gifts'): read, then 0 Back or 00 Menu. */
  | 'shown';

/** What a gift asks, whichever way it is made. */
interface GiftDraft {
  type?: (typeof OFFERING_TYPES)[number];
  otherType?: string;
  amount?: number;
  firstName?: string;
  lastName?: string;
  assembly?: string;
  /** The page of the assembly list. */
  page?: number;
}

export interface GiveDraft extends GiftDraft {
  network?: MomoProvider;
}

/** A cash or bank gift as the app makes it (cash is for tithe only, as in the app). */
export interface CodeDraft extends GiftDraft {
  method?: 'cash' | 'bank';
  bank?: Bank;
}

export interface TalkDraft {
  name?: string;
}

export interface RegisterDraft {
  firstName?: string;
  lastName?: string;
  assembly?: string;
  page?: number;
}

export interface UssdState {
  step: Step;
  back: Step[];
  give: GiveDraft;
  code?: CodeDraft;
  talk?: TalkDraft;
  register?: RegisterDraft;
  /**
   * Who is calling, looked up once at the session's first request and kept by the service
   * (ussd.service.ts) whatever the menu does with the rest; the menu reads it from `Caller`.
   */
  member?: CallerMember | null;
  /** A refusal shown above the screen once. */
  notice?: string;
  /** The text of the 'shown' step, as the service looked it up. */
  shown?: string;
  /**
   * The language chosen on the main menu in this session; absent (older sessions too): none
   * chosen, the member's or English. The service speaks it and keeps a member's on the account.
   */
  locale?: Language;
}

export interface Caller {
  /** E.164 from the gateway. */
  phone: string;
  /** From the gateway's operator field; null when it did not say. */
  network: MomoProvider | null;
  /** The member whose proved phone this is (decision 033), or null: a guest with a number. */
  member: CallerMember | null;
}

export interface CallerMember {
  id: string;
  firstName: string;
  lastName: string;
  /** Their assembly, when it is one the church still offers. */
  assembly: string | null;
  /** Their language (users.locale): the screens' and SMS's; absent in older sessions. */
  locale?: string;
}

/** What the menu needs from the rest of Flock (the service gives it). */
export interface MenuData {
  churchName: string;
  maxPesewas: number;
  assemblies: { slug: string; label: string }[];
  /** The banks a transfer can go to, with the names the app shows. */
  banks: { slug: Bank; label: string }[];
}

/** What a screen asks the service to do once the input is accepted. */
export type Action =
  | {
      kind: 'give';
      draft: Required<Pick<GiveDraft, 'type' | 'amount' | 'assembly' | 'network'>> & GiveDraft;
    }
  | { kind: 'last-gifts' }
  | { kind: 'devotional' }
  | {
      kind: 'code';
      draft: Required<
        Pick<CodeDraft, 'method' | 'type' | 'amount' | 'firstName' | 'lastName' | 'assembly'>
      > &
        CodeDraft;
    }
  | { kind: 'talk'; name: string; message: string }
  | { kind: 'register'; firstName: string; lastName: string; assembly: string }
  | { kind: 'checkin'; code: string }
  /** The main menu's language item: the session's language from now on (a member's kept). */
  | { kind: 'language'; locale: Language };

/** A 'Talk to us' message typed on the phone: USSD input is short. */
export const TALK_MESSAGE_MAX = 140;

export interface Screen {
  text: string;
  /** true: the session is over (END / release). */
  end: boolean;
}

export const initialState = (): UssdState => ({ step: 'main', back: [], give: {} });

/** The main menu's item count: the language item is the last. */
export const MAIN_ITEMS = 7;

/** The language the main menu offers: the other one, named in itself ('Twi', 'English'). */
export const otherLanguage = (): Language =>
  LANGUAGES.find((l) => l !== currentLocale()) ?? LANGUAGES[0];

const PAGE = 7;
export const nav = () => m.ussd_nav();

export function assemblyPage(data: MenuData, page: number) {
  const start = page * PAGE;
  return {
    items: data.assemblies.slice(start, start + PAGE),
    more: data.assemblies.length > start + PAGE,
  };
}
