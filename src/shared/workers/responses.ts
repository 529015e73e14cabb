import type { ApplicationStatus, WorkerRole } from '../constants.ts';
import type { Answers } from './fields.ts';

// What the workers' API answers (the web app reads these; the server builds them).

export type WorkerPortalStatus = ApplicationStatus | 'not_applied';

export interface WorkerStatus {
  status: WorkerPortalStatus;
  application: {
    id: string;
    role: WorkerRole;
    createdAt: string;
    /** Why it was rejected, as the admin wrote it (null unless rejected). */
    reason: string | null;
  } | null;
}

export interface ApplicationSummary {
  id: string;
  role: WorkerRole;
  status: ApplicationStatus;
  createdAt: string;
  applicantName: string;
  applicantEmail: string;
}

export interface ApplicationDecision {
  status: ApplicationStatus;
  previousStatus: ApplicationStatus;
  pastorType: string | null;
  reason: string | null;
  decidedBy: string;
  decidedAt: string;
}

export interface ApplicationDetail extends ApplicationSummary {
  answers: Answers;
  pastorType: string | null;
  /** Expiring links to the private files (admins only). */
  files: { passportPhoto: string | null; signature: string | null };
  decisions: ApplicationDecision[];
}
