import { smsLetters } from '../../platform/sms/sms.ts';
import {
  MOMO_PROVIDERS,
  OFFERING_TYPES,
  type Bank,
  type MomoProvider,
} from '../../../shared/constants.ts';
import { formatCedis } from '../../../shared/format.ts';
import { checkAmount, OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/languages.ts';
import { m } from '../../../paraglide/messages.js';
import { currentLocale } from '../../platform/locale.ts';

// The USSD menu (issue 32) as a pure state machine: a screen for every step, what each input
// does, `0` back and `00` to the main menu everywhere. No database here: the service keeps
// the state between a gateway's requests and does what the menu asks (ussd.service.ts).
// Screens are in the language in force: the service renders them in the caller's
// (`inLocale`). The Twi screens write ɛ and ɔ as e and o: USSD and SMS text is GSM-7.
// The main menu's last item switches to the other language (decision 043): a caller without
// data or the app chooses it here; the session speaks it from the next screen on.

/** USSD allows 182 characters; we keep 160, in Twi too. */
export const USSD_SCREEN_MAX = 160;

export type Step =
  | 'main'
  | 'give.type'
  | 'give.other'
  | 'give.amount'
  | 'give.name'
  | 'give.assembly'
  | 'give.network'
  | 'give.confirm'
  | CodeStep
  | TalkStep
  | RegisterStep
  /** 'Check in' (members, issue 34): the short code on the entrance screen. */
  | 'checkin.code'
  /** What a menu item looked up ('My last 5 gifts'): read, then 0 Back or 00 Menu. */
  | 'shown';

/** 'Cash or bank code' (issue 32): the app's cash and bank gifts, their code by SMS. */
type CodeStep =
  | 'code.method'
  | 'code.bank'
  | 'code.type'
  | 'code.other'
  | 'code.amount'
  | 'code.name'
  | 'code.assembly'
  | 'code.confirm';

/** 'Talk to us': a support request with the caller's number. */
type TalkStep = 'talk.name' | 'talk.message';

/** 'Register' (callers who are not members yet): an account on the number that dials. */
type RegisterStep = 'reg.first' | 'reg.last' | 'reg.assembly' | 'reg.confirm';

export interface GiveDraft {
  type?: (typeof OFFERING_TYPES)[number];
  otherType?: string;
  amount?: number;
  firstName?: string;
  lastName?: string;
  assembly?: string;
  network?: MomoProvider;
  /** The page of the assembly list. */
  page?: number;
}

/** A cash or bank gift as the app makes it (cash is for tithe only, as in the app). */
export interface CodeDraft {
  method?: 'cash' | 'bank';
  bank?: Bank;
  type?: (typeof OFFERING_TYPES)[number];
  otherType?: string;
  amount?: number;
  firstName?: string;
  lastName?: string;
  assembly?: string;
  page?: number;
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
const MAIN_ITEMS = 7;

/** The language the main menu offers: the other one, named in itself ('Twi', 'English'). */
const otherLanguage = (): Language => LANGUAGES.find((l) => l !== currentLocale()) ?? LANGUAGES[0];

const PAGE = 7;
const nav = () => m.ussd_nav();

function assemblyPage(data: MenuData, page: number) {
  const start = page * PAGE;
  return {
    items: data.assemblies.slice(start, start + PAGE),
    more: data.assemblies.length > start + PAGE,
  };
}

function assemblyList(data: MenuData, page: number, title = m.ussd_your_assembly()) {
  const { items, more } = assemblyPage(data, page);
  return (
    `${title}\n${items.map((a, i) => `${i + 1} ${a.label.slice(0, 16)}`).join('\n')}` +
    `${more ? `\n${m.ussd_more()}` : ''}\n${nav()}`
  );
}

const assemblyLabel = (data: MenuData, slug: string) =>
  data.assemblies.find((a) => a.slug === slug)?.label ?? slug;

/** What a cash or bank gift is, as its confirmation says it. */
function codeWhat(c: CodeDraft, data: MenuData) {
  if (c.method === 'cash') return m.ussd_cash_tithe();
  const type = c.type === 'other' ? c.otherType!.slice(0, 20) : OFFERING_TYPE_LABELS[c.type!];
  const bank = data.banks.find((b) => b.slug === c.bank)?.label ?? c.bank!;
  return m.ussd_by_transfer({ type, bank });
}

/** Each screen of the flow names it, so a caller (and the menu walk) tells them apart. */
const methodLabel = (c: CodeDraft) => (c.method === 'cash' ? m.ussd_cash() : m.ussd_transfer());

/** The screen for where the session stands. */
/** The screen of a step, in GSM-7 letters: a Twi label from the shared texts may have ɛ, ɔ. */
export function render(state: UssdState, caller: Caller, data: MenuData): Screen {
  const screen = renderStep(state, caller, data);
  return { ...screen, text: smsLetters(screen.text) };
}

function renderStep(state: UssdState, caller: Caller, data: MenuData): Screen {
  const notice = state.notice ? `${state.notice}\n` : '';
  const con = (text: string) => ({ text: `${notice}${text}`, end: false });
  const g = state.give;
  switch (state.step) {
    case 'main': {
      const items =
        `${m.ussd_main_menu()}` +
        `\n${caller.member ? m.ussd_main_checkin() : m.ussd_main_register()}` +
        `\n${MAIN_ITEMS} ${LANGUAGE_NAMES[otherLanguage()]}`;
      // A guest's title is the church's name, cut to the room the menu (and a refusal) leave.
      const room = Math.min(60, USSD_SCREEN_MAX - notice.length - items.length - 1);
      const title = caller.member
        ? m.ussd_welcome({ name: caller.member.firstName.slice(0, 20) })
        : data.churchName.slice(0, room);
      return con(`${title}\n${items}`);
    }
    case 'give.type':
      return con(
        `${m.ussd_give_choose()}\n${OFFERING_TYPES.map((t, i) => `${i + 1} ${OFFERING_TYPE_LABELS[t]}`).join('\n')}\n${nav()}`,
      );
    case 'give.other':
      return con(`${m.ussd_give_other()}\n${nav()}`);
    case 'checkin.code':
      return con(`${m.ussd_checkin_code()}\n${nav()}`);
    case 'shown':
      return con(`${state.shown ?? ''}\n${nav()}`);
    case 'give.amount':
      return con(`${m.ussd_give_amount({ max: formatCedis(data.maxPesewas) })}\n${nav()}`);
    case 'give.name':
      return con(`${m.ussd_give_name()}\n${nav()}`);
    case 'give.assembly':
      return con(assemblyList(data, g.page ?? 0));
    case 'give.network':
      return con(
        `${m.ussd_give_network()}\n${MOMO_PROVIDERS.map((n, i) => `${i + 1} ${n}`).join('\n')}\n${nav()}`,
      );
    case 'give.confirm': {
      const type = g.type === 'other' ? g.otherType!.slice(0, 20) : OFFERING_TYPE_LABELS[g.type!];
      const assembly = data.assemblies.find((a) => a.slug === g.assembly)?.label ?? g.assembly;
      return con(
        `${m.ussd_give_confirm({
          amount: formatCedis(g.amount!),
          type,
          assembly: assembly!.slice(0, 20),
          phone: caller.phone,
          network: g.network!,
        })}\n${m.ussd_confirm()}\n${nav()}`,
      );
    }
    default:
      return con(renderMore(state, caller, data));
  }
}

/** The screens of 'Cash or bank code', 'Talk to us' and 'Register'. */
function renderMore(state: UssdState, caller: Caller, data: MenuData): string {
  const c = state.code ?? {};
  const r = state.register ?? {};
  switch (state.step as CodeStep | TalkStep | RegisterStep) {
    case 'code.method':
      return `${m.ussd_code_method()}\n${nav()}`;
    case 'code.bank':
      return `${m.ussd_code_bank()}\n${data.banks.map((b, i) => `${i + 1} ${b.label.slice(0, 20)}`).join('\n')}\n${nav()}`;
    case 'code.type':
      return `${m.ussd_code_type()}\n${OFFERING_TYPES.map((t, i) => `${i + 1} ${OFFERING_TYPE_LABELS[t]}`).join('\n')}\n${nav()}`;
    case 'code.other':
      return `${m.ussd_code_other()}\n${nav()}`;
    case 'code.amount':
      return `${m.ussd_code_amount({ method: methodLabel(c), max: formatCedis(data.maxPesewas) })}\n${nav()}`;
    case 'code.name':
      return `${m.ussd_code_name({ method: methodLabel(c) })}\n${nav()}`;
    case 'code.assembly':
      return assemblyList(data, c.page ?? 0, m.ussd_code_assembly({ method: methodLabel(c) }));
    case 'code.confirm': {
      const asks =
        c.method === 'bank' && c.type !== 'tithe' ? m.ussd_code_record() : m.ussd_code_by_sms();
      return (
        `${m.ussd_code_confirm({
          what: codeWhat(c, data),
          amount: formatCedis(c.amount!),
          assembly: assemblyLabel(data, c.assembly!).slice(0, 20),
          name: `${c.firstName} ${c.lastName!.slice(0, 20)}`,
        })} ` + `${asks}\n${m.ussd_confirm()}\n${nav()}`
      );
    }
    case 'talk.name':
      return `${m.ussd_talk_name()}\n${nav()}`;
    case 'talk.message':
      return `${m.ussd_talk_message({ max: TALK_MESSAGE_MAX, phone: caller.phone })}\n${nav()}`;
    case 'reg.first':
      return `${m.ussd_reg_first({ phone: caller.phone })}\n${nav()}`;
    case 'reg.last':
      return `${m.ussd_reg_last()}\n${nav()}`;
    case 'reg.assembly':
      return assemblyList(data, r.page ?? 0);
    case 'reg.confirm':
      return `${m.ussd_reg_confirm({
        name: `${r.firstName!.slice(0, 30)} ${r.lastName!.slice(0, 30)}`,
        assembly: assemblyLabel(data, r.assembly!).slice(0, 20),
        phone: caller.phone,
      })}\n${m.ussd_confirm()}\n${nav()}`;
  }
}

/** The step after `step` in the give flow, skipping what the caller's account answers. */
function nextGiveStep(step: Step, caller: Caller, g: GiveDraft): Step {
  const order: Step[] = [
    'give.type',
    'give.other',
    'give.amount',
    'give.name',
    'give.assembly',
    'give.network',
    'give.confirm',
  ];
  for (let i = order.indexOf(step) + 1; i < order.length; i++) {
    const next = order[i]!;
    if (next === 'give.other' && g.type !== 'other') continue;
    if (next === 'give.name' && g.firstName) continue;
    if (next === 'give.assembly' && g.assembly) continue;
    if (next === 'give.network' && g.network) continue;
    return next;
  }
  return 'give.confirm';
}

const choice = (input: string, count: number): number | null => {
  if (!/^\d{1,2}$/.test(input)) return null;
  const n = Number(input);
  return n >= 1 && n <= count ? n - 1 : null;
};

/**
 * An input on an assembly list (give, code, register): '9' turns the page, a number picks
 * the assembly into the draft (its page forgotten).
 */
function pickAssembly(
  draft: { page?: number | undefined; assembly?: string | undefined },
  input: string,
  data: MenuData,
): 'more' | 'invalid' | 'picked' {
  const page = draft.page ?? 0;
  const { items, more } = assemblyPage(data, page);
  if (input === '9' && more) {
    draft.page = page + 1;
    return 'more';
  }
  const n = choice(input, items.length);
  if (n === null) return 'invalid';
  draft.assembly = items[n]!.slug;
  delete draft.page;
  return 'picked';
}

/**
 * One input on the current screen: the next state, and what to do when the input completes
 * something (the service does it and answers the END screen).
 */
export function answer(
  state: UssdState,
  rawInput: string,
  caller: Caller,
  data: MenuData,
): { state: UssdState; action?: Action } {
  const input = rawInput.trim();
  const base: UssdState = { ...state, notice: undefined, give: { ...state.give } };
  // A menu started afresh keeps the language chosen in the session.
  const chosen = state.locale ? { locale: state.locale } : {};
  if (input === '00') return { state: { ...initialState(), ...chosen } };
  if (input === '0' && state.step !== 'main') {
    const back = [...state.back];
    const previous = back.pop() ?? 'main';
    return { state: { ...base, step: previous, back } };
  }
  const refuse = (notice: string) => ({ state: { ...base, notice } });
  const go = (step: Step) => ({
    state: { ...base, step, back: [...state.back, state.step] },
  });
  const g = base.give;

  switch (state.step) {
    case 'main': {
      const member = caller.member;
      // What a member's account answers is not asked (their name, their assembly).
      const known = member
        ? {
            firstName: member.firstName,
            lastName: member.lastName,
            assembly: member.assembly ?? undefined,
          }
        : {};
      const n = choice(input, MAIN_ITEMS);
      if (n === 0) {
        // The network the gateway named is not asked again.
        const give: GiveDraft = { network: caller.network ?? undefined, ...known };
        return { state: { step: 'give.type', back: ['main'], give, ...chosen } };
      }
      if (n === 1) return { state: base, action: { kind: 'last-gifts' } };
      if (n === 2) return { state: base, action: { kind: 'devotional' } };
      if (n === 3) return { state: { ...base, step: 'code.method', back: ['main'], code: known } };
      if (n === 4) {
        const talk = member ? { name: `${member.firstName} ${member.lastName}` } : {};
        return {
          state: { ...base, step: member ? 'talk.message' : 'talk.name', back: ['main'], talk },
        };
      }
      if (n === 5 && member) return { state: { ...base, step: 'checkin.code', back: ['main'] } };
      if (n === 5) return { state: { ...base, step: 'reg.first', back: ['main'], register: {} } };
      if (n === MAIN_ITEMS - 1) {
        const locale = otherLanguage();
        return { state: { ...base, locale }, action: { kind: 'language', locale } };
      }
      return refuse(m.ussd_choose_1_to_7());
    }
    case 'checkin.code': {
      if (!/^\d{6}$/.test(input)) return refuse(m.ussd_type_6_digits());
      return { state: base, action: { kind: 'checkin', code: input } };
    }
    case 'shown':
      // Nothing to choose here but 0 and 00 (above): the same screen again.
      return { state: base };
    case 'give.type': {
      const n = choice(input, OFFERING_TYPES.length);
      if (n === null) return refuse(m.ussd_choose_from_list());
      g.type = OFFERING_TYPES[n];
      return go(nextGiveStep('give.type', caller, g));
    }
    case 'give.other': {
      if (input.length < 2 || input.length > 60) return refuse(m.ussd_say_2_to_60());
      g.otherType = input;
      return go(nextGiveStep('give.other', caller, g));
    }
    case 'give.amount': {
      const pesewas = checkAmount(input, data.maxPesewas);
      if (typeof pesewas === 'string') return refuse(pesewas.slice(0, 60));
      g.amount = pesewas;
      return go(nextGiveStep('give.amount', caller, g));
    }
    case 'give.name': {
      const parts = input.split(/\s+/).filter(Boolean);
      if (parts.length < 2 || input.length > 80) return refuse(m.ussd_enter_full_name());
      g.firstName = parts[0];
      g.lastName = parts.slice(1).join(' ');
      return go(nextGiveStep('give.name', caller, g));
    }
    case 'give.assembly': {
      const picked = pickAssembly(g, input, data);
      if (picked === 'invalid') return refuse(m.ussd_choose_from_list());
      if (picked === 'more') return { state: base };
      return go(nextGiveStep('give.assembly', caller, g));
    }
    case 'give.network': {
      const n = choice(input, MOMO_PROVIDERS.length);
      if (n === null) return refuse(m.ussd_choose_1_2_3());
      g.network = MOMO_PROVIDERS[n];
      return go('give.confirm');
    }
    case 'give.confirm': {
      if (input !== '1') return refuse(m.ussd_reply_1());
      const { type, amount, assembly, network } = g;
      return {
        state: base,
        action: {
          kind: 'give',
          draft: { ...g, type: type!, amount: amount!, assembly: assembly!, network: network! },
        },
      };
    }
    default:
      return answerMore(state, input, data);
  }
}

/** The step after `step` in 'Cash or bank code', skipping what is already known. */
function nextCodeStep(step: CodeStep, c: CodeDraft): CodeStep {
  const order: CodeStep[] = [
    'code.method',
    'code.bank',
    'code.type',
    'code.other',
    'code.amount',
    'code.name',
    'code.assembly',
    'code.confirm',
  ];
  for (let i = order.indexOf(step) + 1; i < order.length; i++) {
    const next = order[i]!;
    // Cash is for tithe only (spec §5), so a cash gift is a tithe: no bank, no type to ask.
    if ((next === 'code.bank' || next === 'code.type') && c.method === 'cash') continue;
    if (next === 'code.other' && c.type !== 'other') continue;
    if (next === 'code.name' && c.firstName) continue;
    if (next === 'code.assembly' && c.assembly) continue;
    return next;
  }
  return 'code.confirm';
}

/** One input on a screen of 'Cash or bank code', 'Talk to us' or 'Register'. */
function answerMore(
  state: UssdState,
  input: string,
  data: MenuData,
): { state: UssdState; action?: Action } {
  const c: CodeDraft = { ...state.code };
  const talk: TalkDraft = { ...state.talk };
  const r: RegisterDraft = { ...state.register };
  const base: UssdState = { ...state, notice: undefined, code: c, talk, register: r };
  const refuse = (notice: string) => ({ state: { ...base, notice } });
  const go = (step: Step) => ({ state: { ...base, step, back: [...state.back, state.step] } });
  const step = state.step as CodeStep | TalkStep | RegisterStep;
  const next = () => go(nextCodeStep(step as CodeStep, c));

  switch (step) {
    case 'code.method': {
      const n = choice(input, 2);
      if (n === null) return refuse(m.ussd_choose_1_2());
      c.method = n === 0 ? 'cash' : 'bank';
      if (c.method === 'cash') c.type = 'tithe';
      else delete c.type;
      return next();
    }
    case 'code.bank': {
      const n = choice(input, data.banks.length);
      if (n === null) return refuse(m.ussd_choose_from_list());
      c.bank = data.banks[n]!.slug;
      return next();
    }
    case 'code.type': {
      const n = choice(input, OFFERING_TYPES.length);
      if (n === null) return refuse(m.ussd_choose_from_list());
      c.type = OFFERING_TYPES[n];
      return next();
    }
    case 'code.other': {
      if (input.length < 2 || input.length > 60) return refuse(m.ussd_say_2_to_60());
      c.otherType = input;
      return next();
    }
    case 'code.amount': {
      const pesewas = checkAmount(input, data.maxPesewas);
      if (typeof pesewas === 'string') return refuse(pesewas.slice(0, 60));
      c.amount = pesewas;
      return next();
    }
    case 'code.name': {
      const parts = input.split(/\s+/).filter(Boolean);
      if (parts.length < 2 || input.length > 80) return refuse(m.ussd_enter_full_name());
      c.firstName = parts[0];
      c.lastName = parts.slice(1).join(' ');
      return next();
    }
    case 'code.assembly': {
      const picked = pickAssembly(c, input, data);
      if (picked === 'invalid') return refuse(m.ussd_choose_from_list());
      if (picked === 'more') return { state: base };
      return next();
    }
    case 'code.confirm': {
      if (input !== '1') return refuse(m.ussd_reply_1());
      const { method, type, amount, firstName, lastName, assembly } = c;
      return {
        state: base,
        action: {
          kind: 'code',
          draft: {
            ...c,
            method: method!,
            type: type!,
            amount: amount!,
            firstName: firstName!,
            lastName: lastName!,
            assembly: assembly!,
          },
        },
      };
    }
    case 'talk.name': {
      if (input.length < 2 || input.length > 80) return refuse(m.ussd_enter_name());
      talk.name = input;
      return go('talk.message');
    }
    case 'talk.message': {
      if (input.length < 2) return refuse(m.ussd_type_message());
      if (input.length > TALK_MESSAGE_MAX) {
        return refuse(m.ussd_at_most({ max: TALK_MESSAGE_MAX }));
      }
      return { state: base, action: { kind: 'talk', name: talk.name!, message: input } };
    }
    case 'reg.first':
    case 'reg.last': {
      if (!/^\p{L}[\p{L}' .-]{0,59}$/u.test(input)) return refuse(m.ussd_name_in_letters());
      if (step === 'reg.first') r.firstName = input;
      else r.lastName = input;
      return go(step === 'reg.first' ? 'reg.last' : 'reg.assembly');
    }
    case 'reg.assembly': {
      const picked = pickAssembly(r, input, data);
      if (picked === 'invalid') return refuse(m.ussd_choose_from_list());
      if (picked === 'more') return { state: base };
      return go('reg.confirm');
    }
    case 'reg.confirm': {
      if (input !== '1') return refuse(m.ussd_reply_1());
      return {
        state: base,
        action: {
          kind: 'register',
          firstName: r.firstName!,
          lastName: r.lastName!,
          assembly: r.assembly!,
        },
      };
    }
  }
}
