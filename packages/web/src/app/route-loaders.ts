import { redirect, type LoaderFunctionArgs } from 'react-router';
import { authStorage, type Role } from '../lib/auth-storage.ts';
import { loginRedirectFor } from '../lib/navigation.ts';
import { PATHS } from './paths.ts';
import type { RouteDef } from './routes.ts';

export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginPathFor(returnTo: string): string {
  return `${PATHS.login}?r=${encodeURIComponent(returnTo)}`;
}

/** Staff pages need that role's login; the page's own request then reports anything else (spec §6). */
function roleLoader(role: Role) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!authStorage.isLoggedInAs(role)) throw redirect(loginPathFor(pathOf(request)));
    return null;
  };
}

function anyLoginLoader({ request }: LoaderFunctionArgs) {
  if (!authStorage.currentToken()) throw redirect(loginRedirectFor(pathOf(request)));
  return null;
}

export function loaderFor(def: RouteDef) {
  switch (def.role) {
    case 'public':
      return undefined;
    case 'student':
      // The status loader needs the api client and domain schemas: fetched with the page, not the shell.
      return async (args: LoaderFunctionArgs) => (await import('./student-loader.ts')).loadStudentRoute(def, args);
    case 'any':
      return anyLoginLoader;
    case 'admin':
      return roleLoader('teacher');
    case 'teacher':
    case 'school':
    case 'sl':
      return roleLoader(def.role);
  }
}
