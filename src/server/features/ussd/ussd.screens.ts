import { smsLetters } from '../../platform/sms/sms.ts';
import { MOMO_PROVIDERS, OFFERING_TYPES } from '../../../shared/constants.ts';
import { formatCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { LANGUAGE_NAMES } from '../../../shared/languages.ts';
import { m } from '../../../paraglide/messages.js';
import {
  MAIN_ITEMS,
  TALK_MESSAGE_MAX,
  USSD_SCREEN_MAX,
  assemblyPage,
  nav,
  otherLanguage,
  type Caller,
  type CodeDraft,
  type CodeStep,
  type MenuData,
  type RegisterStep,
  type Screen,
  type TalkStep,
  type UssdState,
} from './ussd.menu.ts';

// The USSD menu's screens: the text of each step, in the language in force (ussd.menu.ts).

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
