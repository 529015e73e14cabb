import { useRegisterSW } from 'virtual:pwa-register/react';

// Registers the service worker (decision 012) and, when a new version has been installed,
// says so quietly; it takes over when the member taps Reload (or with the next visit once
// every tab of the old one is closed). Loaded after the page, not with its first screen.
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <p>A new version of the app is available.</p>
      <div className="update-prompt-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => void updateServiceWorker(true)}
        >
          Reload
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setNeedRefresh(false)}
        >
          Later
        </button>
      </div>
    </div>
  );
}
