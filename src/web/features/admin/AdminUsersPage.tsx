import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { UsersPage } from '../../../shared/accounts.ts';
import { apiFetch } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../../core/useChurch.ts';
import './admin.css';
import { adminApiPaths } from './admin.paths.ts';
import { formatDate } from '../../../shared/format.ts';

/**
 * /admin/users (the dashboard's Registered Users): members newest first, searched by name or
 * email, a page at a time from the server. The search and page are in the address.
 */
export function AdminUsersPage() {
  const id = useId();
  const { data: church } = useChurch();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);

  // Searching as one types, once the typing pauses (each answer costs data).
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams();
      if (typed.trim()) next.set('q', typed.trim());
      setParams(next, { replace: true });
    }, 400);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const users = useQuery({
    queryKey: ['admin', 'users', q, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (page > 1) query.set('page', String(page));
      return apiFetch<UsersPage>(`${adminApiPaths.adminUsers}${query.size ? `?${query}` : ''}`, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const goToPage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
  };
  const assembly = (slug: string | null) =>
    church?.assemblies.find((a) => a.slug === slug)?.label ?? slug ?? '—';
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="page admin-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>{m.admin_dashboard()}</BackLink>
      <h1 id={`${id}-title`}>{m.admin_users_title()}</h1>
      <form className="users-search field" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`}>{m.admin_users_search()}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>

      <QueryState
        query={users}
        loading={m.admin_loading_members()}
        failed={m.admin_load_members_failed()}
      >
        {(found) => (
          <>
            <p className="muted" role="status">
              {found.total === 0
                ? m.admin_users_none()
                : q
                  ? m.admin_users_matching({ count: found.total, q })
                  : m.admin_users_count({ count: found.total })}
            </p>
            <ul className="user-list" aria-busy={users.isFetching || undefined}>
              {found.users.map((user) => (
                <li key={user.id} className="user-card">
                  <p className="user-name">
                    {user.fullName}
                    {user.isAdmin && (
                      <span className="status-badge status-approved">{m.admin_badge()}</span>
                    )}
                  </p>
                  <dl>
                    <div>
                      <dt>{m.admin_users_email()}</dt>
                      <dd>
                        {user.email === null ? (
                          <span className="muted">{m.admin_users_no_email()}</span>
                        ) : (
                          <>
                            {user.email}{' '}
                            <span className="muted">
                              (
                              {user.emailVerified
                                ? m.admin_users_confirmed()
                                : m.admin_users_not_confirmed()}
                              )
                            </span>
                          </>
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt>{m.admin_users_phone()}</dt>
                      <dd>{user.phoneNumber ?? '—'}</dd>
                    </div>
                    <div>
                      <dt>{m.admin_users_assembly()}</dt>
                      <dd>{assembly(user.assemblyName)}</dd>
                    </div>
                    <div>
                      <dt>{m.admin_users_joined()}</dt>
                      <dd>{formatDate(user.joinedAt, 'device')}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="pager" aria-label={m.admin_pages()}>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={page <= 1}
                  onClick={() => goToPage(page - 1)}
                >
                  {m.admin_previous()}
                </button>
                <span>{m.admin_page_of({ page, pages })}</span>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={page >= pages}
                  onClick={() => goToPage(page + 1)}
                >
                  {m.admin_next()}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
