import type { Bank } from '../../../shared/constants.ts';

/** The banks by the names the bank-matching screen shows. */
export const bankLabels: Record<Bank, string> = { fidelity: 'Fidelity', prudential: 'Prudential' };
