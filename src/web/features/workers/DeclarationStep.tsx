import { lazy, Suspense, type FormEvent, type ReactNode, type RefObject } from 'react';
import { m } from '../../../paraglide/messages.js';
import { DECLARATION } from '../../../shared/workers/form.ts';
import { Choice } from '../../components/Choice.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { fieldId } from './ApplicationField.tsx';
import type { SignaturePadHandle } from './SignaturePad.tsx';

// The pad and its library come with the declaration step, not before (a heavy library loads
// only on the screen that needs it).
const SignaturePad = lazy(() => import('./SignaturePad.tsx'));

interface DeclarationStepProps {
  formId: string;
  /** The form's alert, above the declaration. */
  alert: ReactNode;
  errors: Record<string, string>;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  signatureRef: RefObject<SignaturePadHandle | null>;
  signed: boolean;
  onSignatureChange: (empty: boolean) => void;
  /** What is being sent now (null: nothing). */
  submitting: string | null;
  onBack: () => void;
  onSubmit: (event: FormEvent) => void;
}

/** The last step (spec §3 section 8): the declaration agreed to, a drawn signature, Submit. */
export function DeclarationStep({
  formId,
  alert,
  errors,
  agreed,
  onAgreedChange,
  signatureRef,
  signed,
  onSignatureChange,
  submitting,
  onBack,
  onSubmit,
}: DeclarationStepProps) {
  return (
    <form className="form card" noValidate onSubmit={onSubmit}>
      {alert}
      <p>{m.workers_declare()}</p>
      <ul className="declaration">
        {DECLARATION.statements.map((statement) => (
          <li key={statement}>{statement}</li>
        ))}
      </ul>
      <Choice
        id={fieldId(formId, DECLARATION.name)}
        type="checkbox"
        checked={agreed}
        onChange={(e) => onAgreedChange(e.target.checked)}
        aria-invalid={errors[DECLARATION.name] ? true : undefined}
        aria-describedby={describedBy(errors[DECLARATION.name] && `${formId}-agree-error`)}
        label={m.shared_workers_declaration_label()}
      />
      <FieldError id={`${formId}-agree-error`} message={errors[DECLARATION.name]} />

      <FieldBox
        id={`${formId}-signature`}
        label={m.workers_signature()}
        labelAs={{ tag: 'p', id: `${formId}-signature-label` }}
        error={errors.signature}
        before={
          <p className="field-hint" id={`${formId}-signature-hint`}>
            {m.workers_signature_hint()}
          </p>
        }
      >
        <Suspense fallback={<Spinner label={m.workers_loading_signature_pad()} />}>
          <SignaturePad
            ref={signatureRef}
            labelledBy={`${formId}-signature-label`}
            describedBy={describedBy(
              `${formId}-signature-hint`,
              errors.signature && `${formId}-signature-error`,
            )}
            invalid={Boolean(errors.signature)}
            onChange={onSignatureChange}
          />
        </Suspense>
      </FieldBox>

      {submitting && <Spinner label={submitting} />}
      <div className="apply-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          {m.workers_back()}
        </button>
        <button
          type="submit"
          className="button"
          aria-disabled={submitting ? true : undefined}
          data-signed={signed || undefined}
        >
          {submitting ? m.workers_submitting() : m.workers_submit()}
        </button>
      </div>
    </form>
  );
}
