import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { FieldBox, type FieldWiring } from '../../components/FieldBox.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { paths } from '../../paths.ts';

type Values = Record<string, string>;

interface OneFieldFormProps {
  /** The field's name: the input's, and the one the server's schema gives it. */
  name: 'email' | 'password';
  label: string;
  /** What the server's schema decides: the value to send, or the field's message. */
  check: (value: string) => { value: string } | { error: string };
  /** The control, given its wiring (label, error) and its registration with the form. */
  control: (props: FieldWiring & UseFormRegisterReturn) => ReactNode;
  /** Sends the value; resolves to what the popup says. */
  send: (value: string) => Promise<string>;
  busyLabel: string;
  submitLabel: string;
}

/**
 * The account screens' form of one field (forgot password, reset password): checked as the
 * server checks it, sent, and the answer or the refusal said in a popup whose Okay goes to
 * the login screen.
 */
export function OneFieldForm({
  name,
  label,
  check,
  control,
  send,
  busyLabel,
  submitLabel,
}: OneFieldFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ message: string; ok: boolean } | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Values>({
    resolver: checkResolver<Values, Values>((values) => {
      const checked = check(values[name] ?? '');
      return 'error' in checked
        ? { ok: false, errors: { [name]: checked.error } }
        : { ok: true, values: { [name]: checked.value } };
    }),
    defaultValues: { [name]: '' },
  });

  const onSubmit = async (values: Values) => {
    try {
      setResult({ message: await send(values[name] ?? ''), ok: true });
    } catch (error) {
      setResult({ message: messageOf(error), ok: false });
    }
  };

  return (
    <>
      <form
        className="form card"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <FieldBox id={`${id}-${name}`} label={label} error={errors[name]?.message}>
          {(w) => control({ ...w, ...register(name) })}
        </FieldBox>
        <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </form>
      <MessageModal
        message={result?.message ?? null}
        tone={result?.ok ? 'success' : 'error'}
        onOkay={() => {
          setResult(null);
          void navigate(paths.auth);
        }}
      />
    </>
  );
}
