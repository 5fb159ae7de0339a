import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, ShellFallback } from './app-shell.tsx';
import { RouteError } from './route-error.tsx';
import { loaderFor, siteGateLoader } from './route-loaders.ts';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from './routes.ts';

function toRouteObject(def: RouteDef): RouteObject {
  const loader = loaderFor(def);
  return {
    path: def.path,
    handle: def,
    ...(loader ? { loader } : {}),
    // Each page is its own chunk: the home and login bundles carry only what those pages use. antd's
    // providers are fetched alongside an antd page so the two arrive together.
    lazy: async () => {
      const [page] = await Promise.all([def.load(), def.usesAntd ? import('./antd-root.tsx') : null]);
      return { Component: page.default };
    },
    errorElement: <RouteError />,
  };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      element: <AppShell />,
      // The non-production gate runs before any page; once passed it holds for the visit (no revalidation).
      loader: siteGateLoader,
      shouldRevalidate: () => false,
      hydrateFallbackElement: <ShellFallback />,
      errorElement: <RouteError />,
      children: [...ROUTES.map(toRouteObject), toRouteObject(NOT_FOUND_ROUTE)],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
