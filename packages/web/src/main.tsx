import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { registerNavigator } from './lib/navigation.ts';
import './app/layouts/shell.css';

const router = createAppRouter();
// flushSync: pages changed from outside React (401, gates, logout) are on screen when the URL changes.
registerNavigator((to, options) => router.navigate(to, { ...options, flushSync: true }));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
