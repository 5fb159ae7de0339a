import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
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
      const [page] = await Promise.all([def.load(), def.usesAntd ? import('../components/antd/antd-root.tsx') : null]);
      return { Component: page.default };
    },
    errorElement: <RouteError />,
  };
}

/**
 * The app's router, not yet started: `createBrowserRouter(routes)` without its final `.initialize()`, so the boot
 * can run the two halves in separate tasks (main.tsx). Creating it builds the route tree and matches the first
 * location; initialize() starts the first navigation (the root gate, the page's loader and lazy chunk). Together
 * they were one 12–15 ms task at 1× CPU (≈ 55 ms at Lighthouse's 4×), over the long-task line (decision 018,
 * addendum). The body is react-router 7.18's createBrowserRouter (the version is pinned in package.json); its
 * parts are exported as UNSAFE_ because they are the building blocks of the public function.
 */
export function createAppRouter() {
  return createRouter({
    history: createBrowserHistory({ window }),
    routes: appRoutes(),
    mapRouteProperties,
    hydrationRouteProperties,
    window,
  });
}

function appRoutes(): RouteObject[] {
  return [
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
  ];
}

export type AppRouter = ReturnType<typeof createAppRouter>;
