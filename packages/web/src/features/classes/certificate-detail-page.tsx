import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { beijingDate } from './class-format.ts';
import { CERT_KEYS, fetchMyCertificate } from './certificates-api.ts';
import { DownloadButton, statusTag } from './certificates-page.tsx';
import './classes.css';

/** /student/manage/certificate-post/detail/{id}: one of the student's certificates (another's is 证书不存在). */
export default function CertificateDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ queryKey: CERT_KEYS.one(id), queryFn: ({ signal }) => fetchMyCertificate(id, signal), enabled: valid, retry: false });
  return (
    <div className="cls-page">
      <h1>证书详情</h1>
      <Link to="/student/manage/certificate-post">返回证书通知</Link>
      {!valid ? (
        <EmptyState description="请从证书通知中选择一张证书。" />
      ) : query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState title="证书不存在" detail="该证书不存在或不属于你。" />
      ) : (
        <section className="cls-section" aria-label="证书">
          <h2>
            《{query.data.course_title}》结业证书 {statusTag(query.data)}
          </h2>
          <p>学生：{query.data.student_name}</p>
          <p>颁发日期：{beijingDate(query.data.issued_at)}</p>
          <p>
            出勤率：{query.data.attendance_pct}% · 最终成绩：{query.data.final_grade}
          </p>
          {query.data.revoked_at ? <p>该证书已于{beijingDate(query.data.revoked_at)}撤销。</p> : null}
          {query.data.verify_url ? (
            <p className="cls-pre">
              验证地址：<a href={query.data.verify_url}>{query.data.verify_url}</a>
            </p>
          ) : null}
          <div>
            <DownloadButton cert={query.data} />
          </div>
        </section>
      )}
    </div>
  );
}
