import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApplicationStatus } from '../../../shared/constants.ts';
import {
  formFor,
  PASTOR_TYPE_OPTIONS,
  ROLE_LABELS,
  STATUS_LABELS,
  WORKER_MESSAGES,
  type ApplicationDetail,
  type ApplicationSummary,
} from '../../../shared/workers.ts';
import { apiFetch, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { ApplicationAnswers } from '../workers/ApplicationAnswers.tsx';
import './admin.css';
import { adminApiPaths } from './admin.paths.ts';
import { RejectModal } from './RejectModal.tsx';

const FILTERS: { value: ApplicationStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (iso: string) => dateTime.format(new Date(iso));

const listKey = (status: string) => ['admin', 'applications', status] as const;
const detailKey = (id: string) => ['admin', 'application', id] as const;

/**
 * /admin/applications (spec §2 Admin): every application newest first, by status; one opens
 * with its answers by section, the photo and signature (expiring links), the decision trail,
 * and Approve / Reject. The chosen application is in the address (?id=), so Back works.
 */
export function AdminApplicationsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as ApplicationStatus | '';
  const selected = params.get('id');

  const list = useInfiniteQuery({
    queryKey: listKey(status),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('before', pageParam);
      const suffix = query.size > 0 ? `?${query}` : '';
      return apiFetch<{ applications: ApplicationSummary[]; nextBefore: string | null }>(
        `${adminApiPaths.adminApplications}${suffix}`,
        { signal },
      );
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

  if (selected) {
    return (
      <ApplicationReview
        id={selected}
        onBack={() => {
          params.delete('id');
          setParams(params);
        }}
      />
    );
  }

  const applications = list.data?.pages.flatMap((page) => page.applications) ?? [];

  return (
    <section className="page admin-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin Dashboard</BackLink>
      <h1 id={`${id}-title`}>Worker Applications</h1>

      <div className="filter-tabs" role="group" aria-label="Show applications">
        {FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            className="filter-tab"
            aria-pressed={status === filter.value}
            onClick={() => {
              if (filter.value) params.set('status', filter.value);
              else params.delete('status');
              setParams(params);
            }}
          >
            {filter.label}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <Spinner label="Loading applications..." />
      ) : list.isError ? (
        <LoadFailed
          message="We could not load the applications."
          reason={messageOf(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : applications.length === 0 ? (
        <p className="card muted">
          {status
            ? `No ${STATUS_LABELS[status].toLowerCase()} applications.`
            : 'No applications yet.'}
        </p>
      ) : (
        <>
          <ul className="application-list">
            {applications.map((a) => (
              <li key={a.id}>
                <Link
                  className="application-row"
                  to={`${paths.adminApplication(a.id)}${status ? `&status=${status}` : ''}`}
                >
                  <span className="application-name">{a.applicantName}</span>
                  <span className="muted">
                    {ROLE_LABELS[a.role]} · {when(a.createdAt)}
                  </span>
                  <span className={`status-badge status-${a.status}`}>
                    {STATUS_LABELS[a.status]}
                  </span>
                  <span className="application-id muted">#{a.id.slice(0, 8)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void list.fetchNextPage()}
                aria-disabled={list.isFetchingNextPage || undefined}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ApplicationReview({ id, onBack }: { id: string; onBack: () => void }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) =>
      apiFetch<ApplicationDetail>(adminApiPaths.adminApplication(id), { signal }),
    staleTime: 0,
  });
  const [pastorType, setPastorType] = useState('');
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);
  // Approve and reject ask first (issue 30): the dialog that is open, if any.
  const [asking, setAsking] = useState<'approved' | 'rejected' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    const type = detail.data?.pastorType;
    // 'full' and 'full-time' mean the same letter.
    if (type) setPastorType(type === 'full' ? 'full-time' : type);
  }, [detail.data?.pastorType]);

  const decide = async (status: 'approved' | 'rejected', reason?: string) => {
    if (deciding) return false;
    setDeciding(status);
    try {
      const result = await apiFetch<{ message: string }>(
        adminApiPaths.adminApplicationDecision(id),
        {
          method: 'POST',
          body: {
            status,
            ...(detail.data?.role === 'pastor' && pastorType ? { pastorType } : {}),
            ...(reason ? { reason } : {}),
          },
        },
      );
      setAsking(null);
      toast.success(result.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] }),
      ]);
      return true;
    } catch (error) {
      toast.error(`${WORKER_MESSAGES.updateFailed} ${messageOf(error)}`);
      return false;
    } finally {
      setDeciding(null);
    }
  };

  const data = detail.data;
  const sections = data ? formFor(data.role) : null;
  const what = data
    ? `${data.applicantName}'s ${ROLE_LABELS[data.role].toLowerCase()} application`
    : '';
  const letter = PASTOR_TYPE_OPTIONS.find((o) => o.value === pastorType)?.label;

  return (
    <section className="page admin-page" aria-labelledby={headingId}>
      <p className="back-link">
        <button type="button" className="link-button" onClick={onBack}>
          <span aria-hidden="true">‹ </span>All applications
        </button>
      </p>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {data ? `${data.applicantName}: ${ROLE_LABELS[data.role]}` : 'Application'}
      </h1>
      {detail.isPending ? (
        <Spinner label="Loading the application..." />
      ) : detail.isError ? (
        <LoadFailed
          message="We could not load this application."
          reason={messageOf(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <div className="card application-summary">
            <p>
              <span className={`status-badge status-${data!.status}`}>
                {STATUS_LABELS[data!.status]}
              </span>{' '}
              <span className="muted">
                #{data!.id.slice(0, 8)} · sent {when(data!.createdAt)} · {data!.applicantEmail}
              </span>
            </p>
            <div className="application-files">
              <figure>
                {data!.files.passportPhoto ? (
                  <img
                    src={data!.files.passportPhoto}
                    alt={`Passport photo of ${data!.applicantName}`}
                    width={120}
                    height={160}
                  />
                ) : (
                  <span className="muted">No photo</span>
                )}
                <figcaption>Passport photo</figcaption>
              </figure>
              <figure>
                {data!.files.signature ? (
                  <img
                    src={data!.files.signature}
                    alt={`Signature of ${data!.applicantName}`}
                    className="signature-image"
                  />
                ) : (
                  <span className="muted">No signature</span>
                )}
                <figcaption>Signature</figcaption>
              </figure>
            </div>

            <div className="decision">
              {data!.role === 'pastor' && (
                <div className="field">
                  <label htmlFor={`${headingId}-type`}>
                    Pastor type (which appointment letter)
                  </label>
                  <select
                    id={`${headingId}-type`}
                    value={pastorType}
                    onChange={(e) => setPastorType(e.target.value)}
                  >
                    {PASTOR_TYPE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="button-row decision-actions">
                <button
                  type="button"
                  className="button"
                  aria-haspopup="dialog"
                  onClick={() => setAsking('approved')}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  aria-haspopup="dialog"
                  onClick={() => setAsking('rejected')}
                >
                  Reject
                </button>
              </div>
            </div>
          </div>

          <div className="card">
            <h2>Answers</h2>
            {sections && (
              <ApplicationAnswers sections={sections} answers={data!.answers} photo="Shown above" />
            )}
          </div>

          <div className="card">
            <h2>Decisions</h2>
            {data!.decisions.length === 0 ? (
              <p className="muted">No decision yet.</p>
            ) : (
              <ol className="decision-trail">
                {data!.decisions.map((d) => (
                  <li key={d.decidedAt}>
                    {STATUS_LABELS[d.previousStatus]} → <strong>{STATUS_LABELS[d.status]}</strong>
                    {d.pastorType ? ` (${d.pastorType})` : ''} by {d.decidedBy}, {when(d.decidedAt)}
                    {d.reason && <q className="decision-reason">{d.reason}</q>}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
      <ConfirmModal
        open={asking === 'approved'}
        title="Approve this application?"
        confirmLabel="Approve"
        tone="primary"
        busy={deciding === 'approved'}
        busyLabel="Approving..."
        onConfirm={() => void decide('approved')}
        onCancel={() => setAsking(null)}
      >
        <p>
          Approve {what}
          {data?.role === 'pastor' && letter ? ` (${letter})` : ''}? The applicant is mailed the
          decision.
        </p>
      </ConfirmModal>
      <RejectModal
        open={asking === 'rejected'}
        what={what}
        onCancel={() => setAsking(null)}
        onReject={(reason) => decide('rejected', reason)}
      />
    </section>
  );
}
