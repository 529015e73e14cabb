import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { onSignOut } from './core/useSession.ts';

// The page data cache (TanStack Query), around every screen that loads data of its own. It
// comes with the first such screen, not with the login screen, which needs only the church's
// branding and the session (resource.ts; decision 011).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Slow, metered phone connections: one retry, and no refetch each time the tab regains focus.
      retry: 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// Nothing of the member's stays on a shared phone after a logout.
onSignOut(() => queryClient.clear());

/** The route element that holds the screens with page data. */
export function PageData() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
