import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { isShown, sectionProblems } from '../../../shared/workers/answers.ts';
import type { AnswerValue, Answers, SectionDef } from '../../../shared/workers/fields.ts';
import { DECLARATION } from '../../../shared/workers/form.ts';
import { ROLE_LABELS, type ApplicationRole } from '../../../shared/workers/roles.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/workers/uploads.ts';
import type { WorkerRole } from '../../../shared/constants.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { useProfile } from '../profile/index.ts';
import { ApplicationAnswers } from './ApplicationAnswers.tsx';
import { ApplicationField, fieldId } from './ApplicationField.tsx';
import { DeclarationStep } from './DeclarationStep.tsx';
import { loadDraft, useApplicationDraft } from './draft.ts';
import { shrinkPhoto } from './photo.ts';
import type { PhotoState } from './PhotoField.tsx';
import type { SignaturePadHandle } from './SignaturePad.tsx';
import { submitApplication, uploadFile, workerStatusQueryKey } from './workers.api.ts';

interface FormProps {
  role: ApplicationRole;
  sections: readonly SectionDef[];
  userId: string | null;
}

type Alert = { message: string; tone: 'error' | 'info' } | null;

/** The application, a step at a time: its sections, a review, then the declaration. */
export function ApplicationForm({ role, sections, userId }: FormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile(userId !== null);
  const draft = useRef(loadDraft(role, userId)).current;

  const reviewStep = sections.length;
  const declarationStep = sections.length + 1;
  const [answers, setAnswers] = useState<Answers>(draft?.answers ?? {});
  const [step, setStep] = useState(() => Math.min(draft?.step ?? 0, declarationStep));
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const [photo, setPhoto] = useState<PhotoState>(
    draft?.photo ? { status: 'done', ...draft.photo, previewUrl: null } : { status: 'empty' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<Alert>(null);
  const [returnToReview, setReturnToReview] = useState(false);
  const [signatureEmpty, setSignatureEmpty] = useState(true);
  const [submitting, setSubmitting] = useState<string | null>(null);
  const signatureRef = useRef<SignaturePadHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const photoField = sections.flatMap((s) => s.fields).find((f) => f.kind === 'image');

  // What the member gave at sign-up fills the form in, without overwriting anything typed.
  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    const known: Answers = {
      full_name: p.fullName,
      email: p.email ?? undefined,
      contact_number: p.phoneNumber ?? undefined,
      current_branch: p.assemblyName ?? undefined,
    };
    setAnswers((current) => {
      const next = { ...current };
      for (const [name, value] of Object.entries(known)) {
        if (value && (next[name] === undefined || next[name] === '')) next[name] = value;
      }
      return next;
    });
  }, [profile.data]);

  // The draft follows every change (photo by its id once uploaded).
  const dropDraft = useApplicationDraft(
    role,
    useMemo(
      () => ({
        userId,
        answers,
        step,
        agreed,
        photo: photo.status === 'done' ? { id: photo.id, name: photo.name } : null,
      }),
      [userId, answers, step, agreed, photo],
    ),
  );

  useEffect(() => () => uploadRef.current?.abort(), []);

  const goTo = (next: number) => {
    setStep(next);
    setErrors({});
    setAlert(null);
    window.scrollTo({ top: 0 });
    // The new step's title is announced and keyboard users start from the top.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const clearError = (name: string) => setErrors(({ [name]: _gone, ...rest }) => rest);

  const setAnswer = (name: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    if (errors[name]) clearError(name);
  };

  const onPhoto = async (file: File) => {
    uploadRef.current?.abort();
    const controller = new AbortController();
    uploadRef.current = controller;
    const previewUrl = URL.createObjectURL(file);
    setPhoto({ status: 'uploading', name: file.name, progress: 0, previewUrl });
    setAnswers(({ passport_photo: _old, ...rest }) => rest);
    const failed = (message: string) =>
      setPhoto({ status: 'failed', name: file.name, message, previewUrl, file });
    const label = photoField?.label ?? m.workers_photo_fallback();
    try {
      const small = await shrinkPhoto(file);
      if (small.size > UPLOAD_MAX_BYTES.passport_photo) {
        return failed(
          m.workers_photo_too_large({ failed: m.shared_workers_upload_failed({ label }) }),
        );
      }
      const id = await uploadFile(
        'passport_photo',
        small,
        file.name.replace(/\.[^.]+$/, '') + '.jpg',
        (progress) =>
          setPhoto((current) =>
            current.status === 'uploading' ? { ...current, progress } : current,
          ),
        controller.signal,
      );
      setPhoto({ status: 'done', id, name: file.name, previewUrl });
      setAnswer('passport_photo', id);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      failed(`${m.shared_workers_upload_failed({ label })}: ${messageOf(error)}`);
    }
  };

  /** Checks the shown fields of a step; shows and focuses the first problem. */
  const checkStep = (section: SectionDef): boolean => {
    const problems = sectionProblems(section.fields, answers);
    if (photoField && section.fields.includes(photoField) && photo.status === 'uploading') {
      problems[photoField.name] = m.workers_photo_wait();
    }
    setErrors(problems);
    const first = section.fields.find((f) => problems[f.name]);
    if (!first) return true;
    setAlert({ message: problems[first.name]!, tone: 'error' });
    document.getElementById(fieldId(formId, first.name))?.focus();
    return false;
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    const section = sections[step]!;
    if (!checkStep(section)) return;
    if (returnToReview) {
      setReturnToReview(false);
      goTo(reviewStep);
    } else {
      goTo(step + 1);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setErrors({});
    if (!agreed) {
      setErrors({
        [DECLARATION.name]: m.shared_workers_must_agree({
          label: m.shared_workers_declaration_label(),
        }),
      });
      setAlert({
        message: m.shared_workers_must_agree({ label: m.shared_workers_declaration_label() }),
        tone: 'error',
      });
      document.getElementById(fieldId(formId, DECLARATION.name))?.focus();
      return;
    }
    if (signatureRef.current?.isEmpty() ?? true) {
      setErrors({ signature: m.shared_workers_signature_missing() });
      setAlert({ message: m.shared_workers_signature_missing(), tone: 'error' });
      return;
    }
    if (userId === null) {
      // The draft stays: after logging in, the member comes back to it.
      toast.error(m.shared_workers_must_log_in());
      await navigate(paths.auth);
      return;
    }
    // Every step again: a draft from an older visit may have gaps.
    for (const [index, section] of sections.entries()) {
      if (!checkStepQuietly(section, answers, photo)) {
        goTo(index);
        requestAnimationFrame(() => checkStep(section));
        return;
      }
    }

    setAlert(null);
    setSubmitting(m.workers_uploading_signature());
    let signatureId: string;
    try {
      const blob = await signatureRef.current!.toBlob();
      if (!blob) throw new Error('empty');
      signatureId = await uploadFile('signature', blob, 'signature.png');
    } catch (error) {
      const message = `${m.shared_workers_signature_upload_failed()} ${messageOf(error)}`;
      setAlert({ message, tone: 'error' });
      toast.error(m.shared_workers_signature_upload_failed());
      setSubmitting(null);
      return;
    }

    setSubmitting(m.workers_sending_application());
    const shown: Answers = {};
    for (const field of sections.flatMap((s) => s.fields)) {
      if (isShown(field, answers) && answers[field.name] !== undefined) {
        shown[field.name] = answers[field.name];
      }
    }
    try {
      await submitApplication({ role, answers: shown, agree_terms: true, signature: signatureId });
    } catch (error) {
      setSubmitting(null);
      toast.error(m.shared_workers_save_failed());
      const fields = error instanceof ApiError ? error.fields : undefined;
      const answerField = fields && Object.keys(fields).find((k) => k.startsWith('answers.'));
      if (answerField) {
        const name = answerField.slice('answers.'.length);
        const index = sections.findIndex((s) => s.fields.some((f) => f.name === name));
        if (index >= 0) {
          goTo(index);
          setErrors({ [name]: fields[answerField]! });
          setAlert({
            message: `${m.shared_workers_save_failed()} ${fields[answerField]}`,
            tone: 'error',
          });
          return;
        }
      }
      setAlert({ message: `${m.shared_workers_save_failed()} ${messageOf(error)}`, tone: 'error' });
      return;
    }
    dropDraft();
    toast.success(m.shared_workers_submitted());
    await queryClient.invalidateQueries({ queryKey: workerStatusQueryKey });
    await navigate(paths.workers);
  };

  const title =
    step < reviewStep
      ? sections[step]!.title
      : step === reviewStep
        ? m.workers_review()
        : m.workers_declaration();
  const totalSteps = sections.length + 2;
  const alertBox = alert && (
    <p className={alert.tone === 'error' ? 'form-alert' : 'form-success'} role="alert">
      {alert.message}
    </p>
  );

  return (
    <section className="page narrow-page apply-page" aria-labelledby={`${formId}-title`}>
      <BackLink to={paths.roleChooser}>{m.workers_choose_role()}</BackLink>
      <p className="eyebrow">
        {m.workers_application_for({ role: ROLE_LABELS[role as WorkerRole] })}
      </p>
      <h1 id={`${formId}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="apply-progress">
        {m.workers_step_of({ step: step + 1, total: totalSteps })}
        <progress max={totalSteps} value={step + 1} aria-hidden="true" />
      </p>

      {step < reviewStep && (
        <form className="form card" noValidate onSubmit={onNext}>
          {alertBox}
          {sections[step]!.fields.filter((field) => isShown(field, answers)).map((field) => (
            <ApplicationField
              key={field.name}
              formId={formId}
              field={field}
              value={answers[field.name]}
              error={errors[field.name]}
              onChange={(value) => setAnswer(field.name, value)}
              photo={photo}
              onPhoto={(file) => void onPhoto(file)}
            />
          ))}
          <div className="apply-actions">
            {step > 0 && !returnToReview && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => goTo(step - 1)}
              >
                {m.workers_back()}
              </button>
            )}
            <button type="submit" className="button">
              {returnToReview
                ? m.workers_back_to_review()
                : step === sections.length - 1
                  ? m.workers_agree_review()
                  : m.workers_next()}
            </button>
          </div>
        </form>
      )}

      {step === reviewStep && (
        <div className="card">
          <p>{m.workers_check_answers()}</p>
          <ApplicationAnswers
            sections={sections}
            answers={answers}
            photo={photo.status === 'done' ? `✓ ${photo.name}` : undefined}
            onEdit={(index) => {
              setReturnToReview(true);
              goTo(index);
            }}
          />
          <div className="apply-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => goTo(step - 1)}
            >
              {m.workers_back()}
            </button>
            <button type="button" className="button" onClick={() => goTo(declarationStep)}>
              {m.workers_continue()}
            </button>
          </div>
        </div>
      )}

      {step === declarationStep && (
        <DeclarationStep
          formId={formId}
          alert={alertBox}
          errors={errors}
          agreed={agreed}
          onAgreedChange={(checked) => {
            setAgreed(checked);
            clearError(DECLARATION.name);
          }}
          signatureRef={signatureRef}
          signed={!signatureEmpty}
          onSignatureChange={(empty) => {
            setSignatureEmpty(empty);
            if (!empty) clearError('signature');
          }}
          submitting={submitting}
          onBack={() => goTo(reviewStep)}
          onSubmit={(e) => void onSubmit(e)}
        />
      )}
    </section>
  );
}

/** A step's problems without showing them (the whole form is checked before sending). */
function checkStepQuietly(section: SectionDef, answers: Answers, photo: PhotoState): boolean {
  if (Object.keys(sectionProblems(section.fields, answers)).length > 0) return false;
  const hasPhoto = section.fields.some((f) => f.kind === 'image');
  return !hasPhoto || photo.status === 'done';
}
