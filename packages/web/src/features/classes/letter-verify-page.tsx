import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CLASS_KEYS, fetchVerification } from './classes-api.ts';
import { beijingDate } from './class-format.ts';
import './classes.css';

/** /recommend-letter/verify/{code}: public — whether a letter with this code was issued here. Never the text. */
export default function LetterVerifyPage() {
  const code = useParams().code ?? '';
  const query = useQuery({ queryKey: CLASS_KEYS.verify(code), queryFn: ({ signal }) => fetchVerification(code, signal), retry: false });
  return (
    <div className="cls-page cls-verify">
      <h1>推荐信验证</h1>
      {query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState title="未找到该推荐信" detail="验证编号不存在，或推荐信尚未提交。" />
      ) : (
        <section className="cls-section" aria-label="验证结果">
          <h2>✓ 该推荐信真实有效</h2>
          <p>被推荐学生：{query.data.student_name}</p>
          <p>推荐人：{query.data.teacher_name}</p>
          <p>课程：《{query.data.course_title}》</p>
          <p>提交日期：{beijingDate(query.data.submitted_at)}</p>
        </section>
      )}
    </div>
  );
}
