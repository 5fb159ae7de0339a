import { redirect, type LoaderFunctionArgs } from 'react-router';
import { STATUS } from '@summit/domain/errors';
import { isInfoComplete, isOfferIssued, nextStudentPage, studentStatusSchema, type StudentStatus } from '@summit/domain/student-status';
import { ApiError, api } from '../lib/api-client.ts';
import { authStorage } from '../lib/auth-storage.ts';
import { queryClient } from '../lib/query-client.ts';
import { SESSION_KEYS } from '../lib/session.ts';
import { PATHS } from '../lib/paths.ts';
import { loginPathFor, pathOf } from './login-path.ts';
import type { RouteDef, StudentGate } from './routes.ts';

/** Where a gate sends a student who may not enter yet, or null. */
export function gateTarget(gate: StudentGate, status: StudentStatus): string | null {
  switch (gate) {
    case 'complete-info':
      return isInfoComplete(status) ? null : PATHS.info;
    case 'step1-submitted':
      if (!isInfoComplete(status)) return PATHS.info;
      return status.apply_v5.step1_submitted ? null : PATHS.studentApply;
    // The offer page also shows a decided but unreleased offer (docs/product/states.md "not issued goes to the offer page").
    case 'offer-decided':
      return status.offer_letter !== null ? null : nextStudentPage(status);
    case 'offer-released':
      return isOfferIssued(status) && !status.is_tuition_paid ? null : nextStudentPage(status);
    // Pages after tuition (the course card, the house reveal): anyone else goes to their own next step.
    case 'tuition-paid':
      return status.is_tuition_paid ? null : nextStudentPage(status);
  }
}

/**
 * Student routes load GET /api/student/status before entry (docs/product/screens-and-routes.md) and then apply the route's gate.
 * Without a student login the API answers 401, which the client's handler turns into 请重新登录！ and
 * /register?r=<this page>; here that becomes a router redirect so the page never renders half-loaded.
 */
export async function loadStudentRoute(def: RouteDef, { request }: LoaderFunctionArgs): Promise<StudentStatus> {
  const returnTo = pathOf(request);
  let status: StudentStatus;
  try {
    status = await queryClient.fetchQuery({
      queryKey: SESSION_KEYS.studentStatus,
      queryFn: () =>
        api.get('/student/status', { schema: studentStatusSchema, navigate: false, returnTo, signal: request.signal }),
      staleTime: 0,
    });
  } catch (error) {
    if (error instanceof ApiError && error.redirectTo) throw redirect(error.redirectTo);
    if (error instanceof ApiError && error.status === STATUS.MESSAGE && !authStorage.isLoggedInAs('student')) {
      // Logged in as another role (the API said 无权限访问！): offer a student login for this page.
      throw redirect(loginPathFor(returnTo));
    }
    throw error;
  }
  const target = def.gate ? gateTarget(def.gate, status) : null;
  if (target && target !== new URL(request.url).pathname) {
    throw redirect(`${target}?r=${encodeURIComponent(returnTo)}`);
  }
  return status;
}
