import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { studentInfoSchema } from '@summit/domain/api/student';
import { MSG } from '@summit/domain/messages';
import { PATHS } from '../../lib/paths.ts';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { StudentInfoForm } from '../../components/student-info-form.tsx';
import './profile.css';

/** /account/edit: the /info fields, prefilled, saved with 保存. */
export default function AccountEditPage() {
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: SESSION_KEYS.studentInfo,
    queryFn: ({ signal }) => api.get('/student/info', { schema: studentInfoSchema, signal }),
  });

  return (
    <div className="page page--narrow">
      <section className="profile-card">
        {info.isPending ? (
          <LoadingState rows={6} />
        ) : info.isError ? (
          <ErrorState onRetry={() => void info.refetch()} />
        ) : (
          <StudentInfoForm
            initial={info.data}
            submitText="保存"
            onSaved={() => {
              toast('success', MSG.SAVE_OK);
              void navigate(PATHS.account, { replace: true });
            }}
          />
        )}
      </section>
    </div>
  );
}
