import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { studentInfoSchema } from '@summit/domain/api/student';
import { MSG } from '@summit/domain/messages';
import { api } from '../../lib/api-client.ts';
import { returnTargetFrom } from '../../lib/navigation.ts';
import { toast } from '../../lib/notifier.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { StudentInfoForm } from '../../components/student-info-form.tsx';
import { fetchStudentStatus } from './auth-api.ts';
import { targetAfterCompleteInfo } from './after-login.ts';

/** COMPLETE_INFO (/info): the profile every student fills in before anything else. No way to skip it. */
export default function CompleteInfoPanel() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const info = useQuery({
    queryKey: SESSION_KEYS.studentInfo,
    queryFn: ({ signal }) => api.get('/student/info', { schema: studentInfoSchema, signal }),
  });

  if (info.isPending) return <LoadingState rows={6} />;
  if (info.isError) return <ErrorState onRetry={() => void info.refetch()} />;

  const onSaved = async () => {
    toast('success', MSG.SAVE_OK);
    let status = null;
    try {
      status = await fetchStudentStatus();
    } catch {
      // The next page's own loader reloads the status and reports any problem.
    }
    await navigate(targetAfterCompleteInfo(returnTargetFrom(params), status), { replace: true, flushSync: true });
  };

  return <StudentInfoForm initial={info.data} submitText="保存并继续" onSaved={() => void onSaved()} />;
}
