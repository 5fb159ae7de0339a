import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter, type AppRouter } from './app/router.tsx';
import { watchFirstInteraction } from './lib/first-interaction.ts';
import { registerProgrammeLanding } from './lib/home-path.ts';
import { registerNavigator } from './lib/navigation.ts';
import { registerFallbackToastSink } from './lib/notifier.ts';
import { createPlainToastSink } from './lib/plain-toast.ts';
import './app/layouts/shell.css';
// In the entry stylesheet (render-blocking) rather than the pages' chunks: the server's prerendered info and
// home pages and /login's first screen (decision 018) use these classes and must be styled at first paint.
import './components/page-document-view.css';
import './features/site/site.css';
import './features/auth/login-screen.css';

// Pages without antd still show the api client's toasts; antd's message API replaces this once loaded.
registerFallbackToastSink(createPlainToastSink());
watchFirstInteraction();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

function render(target: HTMLElement, router: AppRouter) {
  const root = createRoot(target);
  // A transition renders the first screen in slices that yield to the browser, instead of one long task that
  // blocks a slow phone's input while a long info page is built; the prerendered copy stays on screen meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

// The boot after the modules have been evaluated, in separate tasks so that none is long on a slow phone
// (decision 018 and its addendum): creating the router (matching ~70 routes), then its first navigation (the
// gate, the page's loader and chunk) and the first render.
setTimeout(() => {
  const router = createAppRouter();
  // flushSync: pages changed from outside React (401, gates, logout) are on screen when the URL changes.
  registerNavigator((to, options) => router.navigate(to, { ...options, flushSync: true }));
  // A student admitted to another programme lands on its next step after login (decision 088); read on demand.
  registerProgrammeLanding(async () => (await import('./app/nav/programme-landing.ts')).admittedProgrammePortal());
  setTimeout(() => {
    router.initialize();
    render(container, router);
  }, 0);
}, 0);
