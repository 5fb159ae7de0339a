import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { CertificateView } from '@summit/domain/api/certificates';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { beijingDate } from './class-format.ts';
import { CERT_KEYS, downloadCertificatePdf, fetchMyCertificates } from './certificates-api.ts';
import { ClassNav } from './class-nav.tsx';
import './classes.css';

export const certificatePostDetailPath = (id: number) => `/student/manage/certificate-post/detail/${id}`;

export function DownloadButton({ cert }: { cert: CertificateView }) {
  const [busy, setBusy] = useState(false);
  if (cert.revoked_at) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificatePdf(cert.id, cert.course_title);
    } catch {
      // The client's handler showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" loading={busy} onClick={() => void download()}>
      下载证书
    </Button>
  );
}

export const statusTag = (c: CertificateView) => (c.revoked_at ? <Tag color="default">已撤销</Tag> : <Tag color="green">有效</Tag>);

/** /student/certificate and /student/manage/certificate-post: the student's own certificates (decision 058). */
export default function CertificatesPage() {
  const post = useLocation().pathname.startsWith('/student/manage/');
  const query = useQuery({ queryKey: CERT_KEYS.mine, queryFn: ({ signal }) => fetchMyCertificates(signal) });
  return (
    <div className="cls-page">
      <h1>{post ? '证书通知' : '我的证书'}</h1>
      {post ? <ClassNav /> : null}
      {query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState description="暂无证书。课程结束、成绩公布后，达到出勤率与成绩要求的课程将颁发结业证书。" />
      ) : (
        <ul className="cls-list" aria-label="证书列表">
          {query.data.map((c) => (
            <li key={c.id} className="cls-row">
              <div className="cls-row__main">
                <strong>《{c.course_title}》结业证书</strong> {statusTag(c)}
                <div>
                  颁发日期：{beijingDate(c.issued_at)} · 出勤率 {c.attendance_pct}% · 最终成绩 {c.final_grade}
                </div>
              </div>
              <Link to={certificatePostDetailPath(c.id)}>查看详情</Link>
              <DownloadButton cert={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
