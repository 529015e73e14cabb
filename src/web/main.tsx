import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchMe } from './features/accounts/useMe.ts';
import { prefetchChurch } from './features/church/useChurch.ts';
import { router } from './router.tsx';
import './styles.css';

// Every screen shows the church's branding and waits for the session (the signed-in screens'
// guard): ask now, alongside the first screen's code, not once that code has arrived and the
// layout is drawn (one round trip less before the first screen on a slow network).
prefetchChurch();
prefetchMe();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
