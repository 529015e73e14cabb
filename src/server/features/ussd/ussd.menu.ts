import {
  MOMO_PROVIDERS,
  OFFERING_TYPES,
  type Bank,
  type MomoProvider,
} from '../../../shared/constants.ts';
import { checkAmount, formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';

// The USSD menu (issue 32) as a pure state machine: a screen for every step, what each input
// does, `0` back and `00` to the main menu everywhere. No database here: the service keeps
// the state between a gateway's requests and does what the menu asks (ussd.service.ts).

/** USSD allows 182 characters; we keep 160 so Twi fits when it comes. */
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
  | 'checkin.code';

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
  | { kind: 'checkin'; code: string };

/** A 'Talk to us' message typed on the phone: USSD input is short. */
export const TALK_MESSAGE_MAX = 140;

export interface Screen {
  text: string;
  /** true: the session is over (END / release). */
  end: boolean;
}

export const initialState = (): UssdState => ({ step: 'main', back: [], give: {} });

const PAGE = 7;
const nav = '0 Back 00 Menu';

function assemblyPage(data: MenuData, page: number) {
  const start = page * PAGE;
  return {
    items: data.assemblies.slice(start, start + PAGE),
    more: data.assemblies.length > start + PAGE,
  };
}

function assemblyList(data: MenuData, page: number, title = 'Your assembly:') {
  const { items, more } = assemblyPage(data, page);
  return (
    `${title}\n${items.map((a, i) => `${i + 1} ${a.label.slice(0, 16)}`).join('\n')}` +
    `${more ? '\n9 More' : ''}\n${nav}`
  );
}

const assemblyLabel = (data: MenuData, slug: string) =>
  data.assemblies.find((a) => a.slug === slug)?.label ?? slug;

/** What a cash or bank gift is, as its confirmation says it. */
function codeWhat(c: CodeDraft, data: MenuData) {
  if (c.method === 'cash') return 'Cash tithe';
  const type = c.type === 'other' ? c.otherType!.slice(0, 20) : OFFERING_TYPE_LABELS[c.type!];
  const bank = data.banks.find((b) => b.slug === c.bank)?.label ?? c.bank;
  return `${type} by transfer to ${bank}`;
}

/** Each screen of the flow names it, so a caller (and the menu walk) tells them apart. */
const methodLabel = (c: CodeDraft) => (c.method === 'cash' ? 'Cash' : 'Transfer');

/** The screen for where the session stands. */
export function render(state: UssdState, caller: Caller, data: MenuData): Screen {
  const notice = state.notice ? `${state.notice}\n` : '';
  const con = (text: string) => ({ text: `${notice}${text}`, end: false });
  const g = state.give;
  switch (state.step) {
    case 'main':
      return con(
        `${caller.member ? `Welcome, ${caller.member.firstName.slice(0, 20)}` : data.churchName.slice(0, 60)}` +
          `\n1 Give\n2 My last 5 gifts\n3 Today's devotional\n4 Cash or bank code\n5 Talk to us` +
          `${caller.member ? '\n6 Check in' : '\n6 Register'}`,
      );
    case 'give.type':
      return con(
        `Give: choose\n${OFFERING_TYPES.map((t, i) => `${i + 1} ${OFFERING_TYPE_LABELS[t]}`).join('\n')}\n${nav}`,
      );
    case 'give.other':
      return con(`What is the gift for?\n${nav}`);
    case 'checkin.code':
      return con(`Check in: type the 6-digit code on the screen at the entrance.\n${nav}`);
    case 'give.amount':
      return con(`Amount in GHS (up to ${formatCedis(data.maxPesewas)}):\n${nav}`);
    case 'give.name':
      return con(`Your first and last name:\n${nav}`);
    case 'give.assembly':
      return con(assemblyList(data, g.page ?? 0));
    case 'give.network':
      return con(
        `Mobile money network:\n${MOMO_PROVIDERS.map((n, i) => `${i + 1} ${n}`).join('\n')}\n${nav}`,
      );
    case 'give.confirm': {
      const type = g.type === 'other' ? g.otherType!.slice(0, 20) : OFFERING_TYPE_LABELS[g.type!];
      const assembly = data.assemblies.find((a) => a.slug === g.assembly)?.label ?? g.assembly;
      return con(
        `Give GHS ${formatCedis(g.amount!)} ${type} to ${assembly!.slice(0, 20)} from ${caller.phone} ` +
          `(${g.network})?\n1 Confirm\n${nav}`,
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
      return `Get a code to give by:\n1 Cash (tithe)\n2 Bank transfer\n${nav}`;
    case 'code.bank':
      return `Bank transfer to:\n${data.banks.map((b, i) => `${i + 1} ${b.label.slice(0, 20)}`).join('\n')}\n${nav}`;
    case 'code.type':
      return `Transfer: choose\n${OFFERING_TYPES.map((t, i) => `${i + 1} ${OFFERING_TYPE_LABELS[t]}`).join('\n')}\n${nav}`;
    case 'code.other':
      return `Transfer: what is the gift for?\n${nav}`;
    case 'code.amount':
      return `${methodLabel(c)}: amount in GHS (up to ${formatCedis(data.maxPesewas)}):\n${nav}`;
    case 'code.name':
      return `${methodLabel(c)}: your first and last name:\n${nav}`;
    case 'code.assembly':
      return assemblyList(data, c.page ?? 0, `${methodLabel(c)}: your assembly:`);
    case 'code.confirm': {
      const asks =
        c.method === 'bank' && c.type !== 'tithe' ? 'Record it?' : 'Get the code by SMS?';
      return (
        `${codeWhat(c, data)}: GHS ${formatCedis(c.amount!)}, ` +
        `${assemblyLabel(data, c.assembly!).slice(0, 20)}, ${c.firstName} ${c.lastName!.slice(0, 20)}. ` +
        `${asks}\n1 Confirm\n${nav}`
      );
    }
    case 'talk.name':
      return `Talk to us. Your name:\n${nav}`;
    case 'talk.message':
      return `Your message (up to ${TALK_MESSAGE_MAX} characters). We will call you on ${caller.phone}.\n${nav}`;
    case 'reg.first':
      return `Register ${caller.phone}. Your first name:\n${nav}`;
    case 'reg.last':
      return `Your last name:\n${nav}`;
    case 'reg.assembly':
      return assemblyList(data, r.page ?? 0);
    case 'reg.confirm':
      return (
        `Register ${r.firstName!.slice(0, 30)} ${r.lastName!.slice(0, 30)}, ` +
        `${assemblyLabel(data, r.assembly!).slice(0, 20)}, on ${caller.phone}?\n1 Confirm\n${nav}`
      );
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
  if (input === '00') return { state: initialState() };
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
      const m = caller.member;
      // What a member's account answers is not asked (their name, their assembly).
      const known = m
        ? { firstName: m.firstName, lastName: m.lastName, assembly: m.assembly ?? undefined }
        : {};
      const n = choice(input, 6);
      if (n === 0) {
        // The network the gateway named is not asked again.
        const give: GiveDraft = { network: caller.network ?? undefined, ...known };
        return { state: { step: 'give.type', back: ['main'], give } };
      }
      if (n === 1) return { state: base, action: { kind: 'last-gifts' } };
      if (n === 2) return { state: base, action: { kind: 'devotional' } };
      if (n === 3) return { state: { ...base, step: 'code.method', back: ['main'], code: known } };
      if (n === 4) {
        const talk = m ? { name: `${m.firstName} ${m.lastName}` } : {};
        return {
          state: { ...base, step: m ? 'talk.message' : 'talk.name', back: ['main'], talk },
        };
      }
      if (n === 5 && m) return { state: { ...base, step: 'checkin.code', back: ['main'] } };
      if (n === 5) return { state: { ...base, step: 'reg.first', back: ['main'], register: {} } };
      return refuse('Choose 1 to 6.');
    }
    case 'checkin.code': {
      if (!/^\d{6}$/.test(input)) return refuse('Type the 6 digits.');
      return { state: base, action: { kind: 'checkin', code: input } };
    }
    case 'give.type': {
      const n = choice(input, OFFERING_TYPES.length);
      if (n === null) return refuse('Choose a number from the list.');
      g.type = OFFERING_TYPES[n];
      return go(nextGiveStep('give.type', caller, g));
    }
    case 'give.other': {
      if (input.length < 2 || input.length > 60) return refuse('Say in 2 to 60 characters.');
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
      if (parts.length < 2 || input.length > 80) return refuse('Enter your first and last name.');
      g.firstName = parts[0];
      g.lastName = parts.slice(1).join(' ');
      return go(nextGiveStep('give.name', caller, g));
    }
    case 'give.assembly': {
      const picked = pickAssembly(g, input, data);
      if (picked === 'invalid') return refuse('Choose a number from the list.');
      if (picked === 'more') return { state: base };
      return go(nextGiveStep('give.assembly', caller, g));
    }
    case 'give.network': {
      const n = choice(input, MOMO_PROVIDERS.length);
      if (n === null) return refuse('Choose 1, 2 or 3.');
      g.network = MOMO_PROVIDERS[n];
      return go('give.confirm');
    }
    case 'give.confirm': {
      if (input !== '1') return refuse('Reply 1 to confirm.');
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
      if (n === null) return refuse('Choose 1 or 2.');
      c.method = n === 0 ? 'cash' : 'bank';
      if (c.method === 'cash') c.type = 'tithe';
      else delete c.type;
      return next();
    }
    case 'code.bank': {
      const n = choice(input, data.banks.length);
      if (n === null) return refuse('Choose a number from the list.');
      c.bank = data.banks[n]!.slug;
      return next();
    }
    case 'code.type': {
      const n = choice(input, OFFERING_TYPES.length);
      if (n === null) return refuse('Choose a number from the list.');
      c.type = OFFERING_TYPES[n];
      return next();
    }
    case 'code.other': {
      if (input.length < 2 || input.length > 60) return refuse('Say in 2 to 60 characters.');
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
      if (parts.length < 2 || input.length > 80) return refuse('Enter your first and last name.');
      c.firstName = parts[0];
      c.lastName = parts.slice(1).join(' ');
      return next();
    }
    case 'code.assembly': {
      const picked = pickAssembly(c, input, data);
      if (picked === 'invalid') return refuse('Choose a number from the list.');
      if (picked === 'more') return { state: base };
      return next();
    }
    case 'code.confirm': {
      if (input !== '1') return refuse('Reply 1 to confirm.');
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
      if (input.length < 2 || input.length > 80) return refuse('Enter your name.');
      talk.name = input;
      return go('talk.message');
    }
    case 'talk.message': {
      if (input.length < 2) return refuse('Please type your message.');
      if (input.length > TALK_MESSAGE_MAX) {
        return refuse(`At most ${TALK_MESSAGE_MAX} characters, please.`);
      }
      return { state: base, action: { kind: 'talk', name: talk.name!, message: input } };
    }
    case 'reg.first':
    case 'reg.last': {
      if (!/^\p{L}[\p{L}' .-]{0,59}$/u.test(input)) return refuse('Type a name in letters.');
      if (step === 'reg.first') r.firstName = input;
      else r.lastName = input;
      return go(step === 'reg.first' ? 'reg.last' : 'reg.assembly');
    }
    case 'reg.assembly': {
      const picked = pickAssembly(r, input, data);
      if (picked === 'invalid') return refuse('Choose a number from the list.');
      if (picked === 'more') return { state: base };
      return go('reg.confirm');
    }
    case 'reg.confirm': {
      if (input !== '1') return refuse('Reply 1 to confirm.');
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
