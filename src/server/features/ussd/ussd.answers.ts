import { MOMO_PROVIDERS, OFFERING_TYPES } from '../../../shared/constants.ts';
import { checkAmount } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import {
  CODE_STEPS,
  GIVE_STEPS,
  MAIN_ITEMS,
  TALK_MESSAGE_MAX,
  assemblyPage,
  initialState,
  otherLanguage,
  type Action,
  type Caller,
  type CodeDraft,
  type CodeStep,
  type GiveDraft,
  type MenuData,
  type RegisterDraft,
  type RegisterStep,
  type Step,
  type TalkDraft,
  type TalkStep,
  type UssdState,
} from './ussd.menu.ts';

// The USSD menu's answers: what each input on each step does (ussd.menu.ts).

/** The step after `step` in `order`, passing over those `known` says are answered already. */
function nextOf<S extends string>(order: readonly S[], step: string, known: (next: S) => boolean) {
  for (let i = order.indexOf(step as S) + 1; i < order.length; i++) {
    if (!known(order[i]!)) return order[i]!;
  }
  return order[order.length - 1]!;
}

/** The step after `step` in the give flow, skipping what the caller's account answers. */
function nextGiveStep(step: Step, caller: Caller, g: GiveDraft): Step {
  return nextOf(
    GIVE_STEPS,
    step,
    (next) =>
      (next === 'give.other' && g.type !== 'other') ||
      (next === 'give.name' && !!g.firstName) ||
      (next === 'give.assembly' && !!g.assembly) ||
      (next === 'give.network' && !!g.network),
  );
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
  return nextOf(
    CODE_STEPS,
    step,
    (next) =>
      // Cash is for tithe only (spec §5), so a cash gift is a tithe: no bank, no type to ask.
      ((next === 'code.bank' || next === 'code.type') && c.method === 'cash') ||
      (next === 'code.other' && c.type !== 'other') ||
      (next === 'code.name' && !!c.firstName) ||
      (next === 'code.assembly' && !!c.assembly),
  );
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
