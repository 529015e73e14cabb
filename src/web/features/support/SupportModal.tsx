import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import {
  checkSupportRequest,
  type SupportRequest,
  type SupportValues,
} from '../../../shared/support.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { apiFetch } from '../../api.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useMe } from '../../core/useMe.ts';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { supportApiPaths } from './support.paths.ts';

/** Spec §9: the confirmation stays 3 s, then the modal closes. */
export const SUPPORT_SUCCESS_DISPLAY_MS = 3000;

/** What the server's `supportRequestSchema` decides (shared/support.test.ts). */
const resolverFor = (emailRequired: boolean) =>
  checkResolver<SupportRequest, SupportValues>((values) =>
    checkSupportRequest(values, { emailRequired }),
  );

const emptyForm: SupportRequest = { full_name: '', email: '', title: '', issue: '' };
/** What was typed is kept through a reload too (issue 48), until it is sent. */
const SUPPORT_DRAFT = formDraft('support', emptyForm);

interface SupportModalProps {
  open: boolean;
  onClose: () => void;
}

// The form lives as long as the button, not the dialog: closing by mistake keeps the draft.
export function SupportModal({ open, onClose }: SupportModalProps) {
  const idPrefix = useId();
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  // A member without email is answered on the phone they proved (the server has it): no field.
  const user = useMe().data?.user;
  const byPhone = !!user && !user.email;
  const resolver = useMemo(() => resolverFor(!byPhone), [byPhone]);

  const [restored] = useState(() => readFormDraft(SUPPORT_DRAFT));
  const form = useForm<SupportRequest, unknown, SupportValues>({
    resolver,
    defaultValues: restored ?? emptyForm,
  });
  const {
    handleSubmit,
    reset,
    control,
    formState: { isSubmitting },
  } = form;
  const dropDraft = useFormDraft(SUPPORT_DRAFT, useWatch({ control }) as SupportRequest);

  const finish = useCallback(() => {
    reset(emptyForm);
    setSent(false);
    setFailed(false);
    onClose();
  }, [reset, onClose]);

  useEffect(() => {
    if (!sent) return;
    // The form (and the focused submit button) is gone: keep focus in the dialog.
    statusRef.current?.focus();
    const timer = setTimeout(finish, SUPPORT_SUCCESS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [sent, finish]);

  const onSubmit = async (values: SupportValues) => {
    setFailed(false);
    try {
      const { email, ...rest } = values;
      await apiFetch<{ id: string }>(supportApiPaths.support, {
        method: 'POST',
        body: email ? values : rest,
      });
    } catch (error) {
      setFailed(true);
      placeServerErrors(error, form);
      return;
    }
    dropDraft();
    setSent(true);
  };

  const fields = formFields(idPrefix, form);

  return (
    <Modal open={open} onClose={sent ? finish : onClose} title={m.support_contact()}>
      {/* Present before it is filled, so screen readers announce the confirmation. */}
      <div
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className={sent ? 'form-success' : 'visually-hidden'}
      >
        {sent ? (byPhone ? m.shared_support_success_phone() : m.shared_support_success()) : ''}
      </div>
      {!sent && (
        <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <p className="muted form-intro">
            {byPhone ? m.support_intro_phone() : m.support_intro()}
          </p>
          {failed && (
            <p role="alert" className="form-alert">
              {m.shared_support_failure()}
            </p>
          )}
          <Field
            form={fields}
            name="full_name"
            label={m.support_full_name()}
            type="text"
            autoComplete="name"
          />
          {!byPhone && (
            <Field
              form={fields}
              name="email"
              label={m.support_email()}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
            />
          )}
          <Field
            form={fields}
            name="title"
            label={m.support_title()}
            type="text"
            autoComplete="off"
          />
          <Field form={fields} name="issue" label={m.support_issue()} as="textarea" rows={4} />
          <div className="button-row form-actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? m.support_sending() : m.support_submit()}
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              {m.support_cancel()}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
