import { useId, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { messageOf } from '../../api.ts';
import { EMAIL_INPUT, FieldBox } from '../../components/FieldBox.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { paths } from '../../paths.ts';
import { refreshMe } from '../../core/useMe.ts';
import { useSession } from '../../core/useSession.ts';
import { gateGranted, markGateGranted } from './gate-flag.ts';
import { enterWorkersGate } from './workers.api.ts';

/**
 * /workers-gate (spec §2 Workers gate): a modal asking for the password again (and the email
 * when nobody is signed in). The server checks it; success goes to /workers.
 */
export function WorkersGatePage() {
  const id = useId();
  const navigate = useNavigate();
  const { status } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = status === 'member';

  if (status === 'loading') return <PageLoading />;
  // Passed already in this tab: no need to ask again.
  if (signedIn && gateGranted()) return <Navigate to={paths.workers} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(!signedIn && !email.trim() ? { email: m.workers_gate_email_required() } : {}),
      ...(!password ? { password: m.workers_gate_password_required() } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${found.email ? 'email' : 'password'}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await enterWorkersGate(signedIn ? { password } : { email: email.trim(), password });
      markGateGranted();
      if (!signedIn) await refreshMe();
      await navigate(paths.workers);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <Modal open title={m.workers_portal()} onClose={() => void navigate(paths.memberHome)}>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="form-intro">
          {signedIn ? m.workers_gate_password_again() : m.workers_gate_log_in()}
        </p>
        {failure && (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        )}
        {!signedIn && (
          <FieldBox id={`${id}-email`} label={m.workers_gate_email()} error={errors.email}>
            {(w) => (
              <input
                {...w}
                {...EMAIL_INPUT}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </FieldBox>
        )}
        <FieldBox id={`${id}-password`} label={m.workers_gate_password()} error={errors.password}>
          {(w) => (
            <PasswordInput
              {...w}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FieldBox>
        <SubmitButton busy={busy} busyLabel={m.workers_gate_checking()}>
          {m.workers_gate_enter()}
        </SubmitButton>
      </form>
    </Modal>
  );
}
