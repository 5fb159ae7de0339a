import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { authStorage, type Role } from '../lib/auth-storage.ts';
import { toast } from '../lib/notifier.ts';
import { loginRedirectFor } from '../lib/navigation.ts';
import { hasTesterFlag, isAmcSite, siteConfigForGate, siteGateTarget } from '../lib/site-variant.ts';
import { PATHS } from '../lib/paths.ts';
import type { RouteDef } from './routes.ts';
import { loginPathFor, pathOf } from './login-path.ts';

/** Staff pages need that role's login; the page's own request then reports anything else (docs/product/users-and-roles.md). */
function roleLoader(role: Role) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (authStorage.isLoggedInAs(role)) return null;
    // docs/product/users-and-roles.md: a teacher page opened with another role's login says 仅教师账号可查看当前页面, then goes to the
    // login after 1 s (decisions 050–058).
    if (role === 'teacher' && authStorage.currentToken()) {
      // The message table loads here, not with the entry: every page's first script would otherwise carry all of it
      // for this one line (decision 093).
      const { MSG } = await import('@summit/domain/messages');
      toast('warning', MSG.TEACHER_ONLY);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw redirect(loginPathFor(pathOf(request)));
  };
}

function anyLoginLoader({ request }: LoaderFunctionArgs) {
  if (!authStorage.currentToken()) throw redirect(loginRedirectFor(pathOf(request)));
  return null;
}

/**
 * The root route's loader: the non-production gate, before any page (docs/product/users-and-roles.md, decision 015). Waits for the
 * server only on a first visit; afterwards the cached answer decides and is refreshed behind.
 */
export async function siteGateLoader({ request }: LoaderFunctionArgs) {
  if (hasTesterFlag()) return null;
  const config = await siteConfigForGate();
  if (!config) return null;
  const url = new URL(request.url);
  const target = siteGateTarget(
    { nonProduction: config.non_production, amc: isAmcSite(), tester: false, pathname: url.pathname, search: url.search },
    { inner: PATHS.innerSecurity, amc: PATHS.amcSecurity },
  );
  if (target) throw redirect(target);
  return null;
}

/** Pages the AMC site does not have answer the 404 page there (the route's error element shows it). */
function amcHiddenLoader(inner: ((args: LoaderFunctionArgs) => unknown) | undefined) {
  return async (args: LoaderFunctionArgs) => {
    await siteConfigForGate();
    if (isAmcSite()) throw data('页面不存在', { status: 404 });
    return inner ? inner(args) : null;
  };
}

/** A login entry for one role: already logged in as it → its landing instead of the form. */
function loggedInTargetLoader(target: NonNullable<RouteDef['loggedInTarget']>) {
  return () => {
    if (authStorage.isLoggedInAs(target.role)) throw redirect(target.path);
    return null;
  };
}

export function loaderFor(def: RouteDef) {
  const loader = def.loggedInTarget ? loggedInTargetLoader(def.loggedInTarget) : roleLoaderFor(def);
  return def.amcHidden ? amcHiddenLoader(loader) : loader;
}

function roleLoaderFor(def: RouteDef) {
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
