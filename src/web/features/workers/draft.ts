import type { Answers } from '../../../shared/workers/fields.ts';
import { readDraft } from '../../drafts.ts';
import { useDraft } from '../../use-draft.ts';

// The application form's draft (files aside; an uploaded photo is remembered by its id).

export interface ApplicationDraft {
  /** Whose draft: one started before logging in is taken over by the member. */
  userId: string | null;
  answers: Answers;
  step: number;
  agreed: boolean;
  photo: { id: string; name: string } | null;
}

const nameFor = (role: string) => `application.${role}`;

export function loadDraft(role: string, userId: string | null): ApplicationDraft | null {
  const draft = readDraft<ApplicationDraft>(nameFor(role));
  if (!draft || typeof draft.answers !== 'object' || draft.answers === null) return null;
  // Someone else's draft on a shared phone is not shown.
  if (draft.userId !== null && draft.userId !== userId) return null;
  return draft;
}

/** Keeps the draft as it changes; returns what forgets it (once the application is sent). */
export const useApplicationDraft = (role: string, draft: ApplicationDraft) =>
  useDraft(nameFor(role), draft);
