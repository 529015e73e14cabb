import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';

export const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

/** Today where the church is (Ghana keeps UTC), for date inputs. */
export const todayIso = () => new Date().toISOString().slice(0, 10);
