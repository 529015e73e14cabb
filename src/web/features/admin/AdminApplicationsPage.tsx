import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { ApplicationStatus } from '../../../shared/constants.ts';
import { checkRejection } from '../../../shared/workers/decision.ts';
import { formFor, pastorTypeOptions } from '../../../shared/workers/form.ts';
import type { ApplicationDetail, ApplicationSummary } from '../../../shared/workers/responses.ts';
import { ROLE_LABELS, STATUS_LABELS } from '../../../shared/workers/roles.ts';
import { apiFetch, messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { RejectModal } from '../../components/RejectModal.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { ApplicationAnswers } from '../workers/index.ts';
import './admin.css';
import { adminApiPaths } from './admin.paths.ts';
import { formatDateTime } from '../../../shared/format.ts';

const filters = (): { value: ApplicationStatus | ''; label: string }[] => [
  { value: '', label: m.admin_filter_all() },
  { value: 'pending', label: m.admin_filter_pending() },
  { value: 'approved', label: m.admin_filter_approved() },
  { value: 'rejected', label: m.admin_filter_rejected() },
];

/** 'No pending applications.', or 'No applications yet.' without a status chosen. */
const noApplications = (status: ApplicationStatus | '') =>
  status === 'pending'
    ? m.admin_none_pending()
    : status === 'approved'
      ? m.admin_none_approved()
      : status === 'rejected'
        ? m.admin_none_rejected()
        : m.admin_none_yet();

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
      <BackLink to={paths.admin}>{m.admin_dashboard()}</BackLink>
      <h1 id={`${id}-title`}>{m.admin_applications_title()}</h1>

      <div className="filter-tabs" role="group" aria-label={m.admin_show_applications()}>
        {filters().map((filter) => (
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

      <QueryState
        query={list}
        loading={m.admin_loading_applications()}
        failed={m.admin_load_applications_failed()}
        isEmpty={() => applications.length === 0}
        empty={noApplications(status)}
      >
        {() => (
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
                      {ROLE_LABELS[a.role]} · {formatDateTime(a.createdAt, 'device')}
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
                  {list.isFetchingNextPage ? m.common_loading() : m.admin_load_more()}
                </button>
              </p>
            )}
          </>
        )}
      </QueryState>
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
      toast.error(`${m.shared_workers_update_failed()} ${messageOf(error)}`);
      return false;
    } finally {
      setDeciding(null);
    }
  };

  const data = detail.data;
  const sections = data ? formFor(data.role) : null;
  const what = data
    ? m.admin_application_of({
        name: data.applicantName,
        role: ROLE_LABELS[data.role].toLowerCase(),
      })
    : '';
  const letter = pastorTypeOptions().find((o) => o.value === pastorType)?.label;

  return (
    <section className="page admin-page" aria-labelledby={headingId}>
      <p className="back-link">
        <button type="button" className="link-button" onClick={onBack}>
          <span aria-hidden="true">‹ </span>
          {m.admin_all_applications()}
        </button>
      </p>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {data ? `${data.applicantName}: ${ROLE_LABELS[data.role]}` : m.admin_application()}
      </h1>
      <QueryState
        query={detail}
        loading={m.admin_loading_application()}
        failed={m.admin_load_application_failed()}
      >
        {(application) => (
          <>
            <div className="card application-summary">
              <p>
                <span className={`status-badge status-${application.status}`}>
                  {STATUS_LABELS[application.status]}
                </span>{' '}
                <span className="muted">
                  {m.admin_application_sent({
                    id: application.id.slice(0, 8),
                    when: formatDateTime(application.createdAt, 'device'),
                    email: application.applicantEmail,
                  })}
                </span>
              </p>
              <div className="application-files">
                <figure>
                  {application.files.passportPhoto ? (
                    <img
                      src={application.files.passportPhoto}
                      alt={m.admin_photo_of({ name: application.applicantName })}
                      width={120}
                      height={160}
                    />
                  ) : (
                    <span className="muted">{m.admin_no_photo()}</span>
                  )}
                  <figcaption>{m.admin_passport_photo()}</figcaption>
                </figure>
                <figure>
                  {application.files.signature ? (
                    <img
                      src={application.files.signature}
                      alt={m.admin_signature_of({ name: application.applicantName })}
                      className="signature-image"
                    />
                  ) : (
                    <span className="muted">{m.admin_no_signature()}</span>
                  )}
                  <figcaption>{m.admin_signature()}</figcaption>
                </figure>
              </div>

              <div className="decision">
                {application.role === 'pastor' && (
                  <FieldBox id={`${headingId}-type`} label={m.admin_pastor_type()}>
                    {(w) => (
                      <select
                        {...w}
                        value={pastorType}
                        onChange={(e) => setPastorType(e.target.value)}
                      >
                        {pastorTypeOptions().map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </FieldBox>
                )}
                <div className="button-row decision-actions">
                  <button
                    type="button"
                    className="button"
                    aria-haspopup="dialog"
                    onClick={() => setAsking('approved')}
                  >
                    {m.admin_approve()}
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    aria-haspopup="dialog"
                    onClick={() => setAsking('rejected')}
                  >
                    {m.common_reject()}
                  </button>
                </div>
              </div>
            </div>

            <div className="card">
              <h2>{m.admin_answers()}</h2>
              {sections && (
                <ApplicationAnswers
                  sections={sections}
                  answers={application.answers}
                  photo={m.admin_shown_above()}
                />
              )}
            </div>

            <div className="card">
              <h2>{m.admin_decisions()}</h2>
              {application.decisions.length === 0 ? (
                <p className="muted">{m.admin_no_decision()}</p>
              ) : (
                <ol className="decision-trail">
                  {application.decisions.map((d) => (
                    <li key={d.decidedAt}>
                      {STATUS_LABELS[d.previousStatus]} → <strong>{STATUS_LABELS[d.status]}</strong>
                      {d.pastorType ? ` (${d.pastorType})` : ''}{' '}
                      {m.admin_decided_by({
                        who: d.decidedBy,
                        when: formatDateTime(d.decidedAt, 'device'),
                      })}
                      {d.reason && <q className="decision-reason">{d.reason}</q>}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </>
        )}
      </QueryState>
      <ConfirmModal
        open={asking === 'approved'}
        title={m.admin_approve_title()}
        confirmLabel={m.admin_approve()}
        tone="primary"
        busy={deciding === 'approved'}
        busyLabel={m.admin_approving()}
        onConfirm={() => void decide('approved')}
        onCancel={() => setAsking(null)}
      >
        <p>
          {data?.role === 'pastor' && letter
            ? m.admin_approve_text_letter({ what, letter })
            : m.admin_approve_text({ what })}
        </p>
      </ConfirmModal>
      <RejectModal
        open={asking === 'rejected'}
        title={m.admin_reject_title()}
        text={m.admin_reject_text({ what })}
        hint={m.admin_reject_reason_hint()}
        check={checkRejection}
        onCancel={() => setAsking(null)}
        onReject={(reason) => decide('rejected', reason)}
      />
    </section>
  );
}
