import type { Flash } from './useFlashMessage.ts';

/**
 * Success in a status region that is always present (so it is announced), errors as an alert.
 */
export function FlashMessage({ id, flash }: { id: string; flash: Flash | null }) {
  return (
    <>
      <div
        id={flash?.tone === 'success' ? id : undefined}
        role="status"
        className={flash?.tone === 'success' ? 'form-success' : 'visually-hidden'}
      >
        {flash?.tone === 'success' ? flash.text : ''}
      </div>
      {flash?.tone === 'error' && (
        <p id={id} role="alert" className="form-alert">
          {flash.text}
        </p>
      )}
    </>
  );
}
