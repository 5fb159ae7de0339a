import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { beijingDate } from './class-format.ts';
import { CERT_KEYS, fetchCertificateVerification } from './certificates-api.ts';
import './classes.css';

/** /student/certificate/{token}: public — 证书有效 with the masked name (as the API sends it), course and date, or 证书已撤销. */
export default function CertificateVerifyPage() {
  const token = useParams().token ?? '';
  const query = useQuery({ queryKey: CERT_KEYS.verify(token), queryFn: ({ signal }) => fetchCertificateVerification(token, signal), retry: false });
  return (
    <div className="cls-page cls-verify">
      <h1>证书验证</h1>
      {query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState title="证书不存在" detail="验证地址无效，请核对证书上的二维码或地址。" />
      ) : (
        <section className="cls-section" aria-label="验证结果">
          <h2>{query.data.valid ? '✓ 证书有效' : '✗ 证书已撤销'}</h2>
          <p>学生：{query.data.student_name}</p>
          <p>课程：《{query.data.course_title}》</p>
          <p>颁发日期：{beijingDate(query.data.issued_at)}</p>
          {query.data.revoked_at ? <p>撤销日期：{beijingDate(query.data.revoked_at)}</p> : null}
        </section>
      )}
    </div>
  );
}
