import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WECOM_SEMINAR_ERRORS } from '@summit/domain/api/wecom-seminar';
import { ResultPanel } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { divideSignup } from './seminar-api.ts';
import { failureType } from './seminar-failure.ts';
import { seminarPaths } from './seminar-paths.ts';
import { seminarStorage } from './seminar-storage.ts';

/**
 * /wecom/seminar/divide?u={userId} (decision 099): the assignment step. Asks the API to assign this browser's
 * sign-up a counsellor by the admins' rules, then shows the counsellor (middle). Without a sign-up of this browser
 * it says so and links to the sign-up page.
 */
export default function SeminarDividePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('u') ?? seminarStorage.lastCode() ?? undefined;
  const key = seminarStorage.keyOf(code);

  useEffect(() => {
    if (!code || !key) return;
    let live = true;
    divideSignup(code, key)
      .then((view) => {
        if (live) void navigate(seminarPaths.middle(view.seminar.id, code), { replace: true });
      })
      .catch((err: unknown) => {
        if (live) void navigate(seminarPaths.error(failureType(err), failureType(err) === WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND ? undefined : code), { replace: true });
      });
    return () => {
      live = false;
    };
  }, [code, key, navigate]);

  if (!code || !key) {
    return <ResultPanel kind="error" title="还没有报名信息" detail="请先报名说明会，报名后将为你分配招生顾问。" actions={[{ label: '去报名', to: PATHS.wecomSeminar, primary: true }]} />;
  }
  return <ResultPanel kind="waiting" title="正在为你分配顾问…" detail="按你所在的学校与省份安排一位招生顾问，请稍候。" />;
}
