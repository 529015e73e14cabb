import { useCallback, useEffect, useState } from 'react';

/** Spec §9: profile messages vanish after 5 s. */
export const PROFILE_MESSAGE_TIMEOUT_MS = 5000;

export interface Flash {
  text: string;
  tone: 'success' | 'error';
}

/** A message that disappears on its own; a new one restarts the clock. */
export function useFlashMessage(timeoutMs = PROFILE_MESSAGE_TIMEOUT_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [flash, timeoutMs]);

  const show = useCallback((text: string, tone: Flash['tone']) => setFlash({ text, tone }), []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, show, clear };
}
