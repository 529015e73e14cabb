// No form library here: the login form uses these without react-hook-form (decision 011).

/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** aria-describedby from the ids that are in use (undefined when none). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const used = ids.filter(Boolean);
  return used.length > 0 ? used.join(' ') : undefined;
}
