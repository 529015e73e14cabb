import { lazy, Suspense, useCallback, useState } from 'react';
import { m } from '../../../paraglide/messages.js';

// The form (with zod and react-hook-form) is downloaded on the first tap, not with every page.
const loadSupportModal = () => import('./SupportModal.tsx');
const SupportModal = lazy(async () => ({ default: (await loadSupportModal()).SupportModal }));

/**
 * The support button every page has (spec §1): in the navbar, floating beside the page's
 * column only where the screen is wide enough for it to cover nothing (styles.css).
 */
export function SupportButton() {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so a closed draft is still there next time.
  const [used, setUsed] = useState(false);

  // Stable, so the modal's 3 s close timer is not restarted by a re-render.
  const close = useCallback(() => setOpen(false), []);

  const openModal = () => {
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="support-fab"
        aria-label={m.shell_contact_support()}
        aria-haspopup="dialog"
        onClick={openModal}
        // Start the download as soon as a finger or pointer is on the button.
        onPointerEnter={() => void loadSupportModal()}
        onPointerDown={() => void loadSupportModal()}
        onFocus={() => void loadSupportModal()}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.3 21l3.9-2c1.2.4 2.5.6 3.8.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3zm.1 13.3a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4zm1.5-5.2c-.7.4-.8.7-.8 1.2v.3h-1.9v-.4c0-1.2.5-1.9 1.4-2.4.7-.4 1-.7 1-1.2 0-.6-.5-1-1.2-1-.8 0-1.3.4-1.4 1.2H8.8C8.9 7.2 10.1 6 12.2 6c1.9 0 3.2 1 3.2 2.6 0 1.1-.6 1.9-1.8 2.5z"
          />
        </svg>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SupportModal open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
