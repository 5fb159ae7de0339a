import { Button, Popconfirm, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CERT_MSG } from '@summit/domain/api/certificates';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { z } from 'zod';
import { certificateCourseRowSchema, certificateIssueResultSchema, certificateViewSchema } from '@summit/domain/api/certificates';
import { api } from '../../lib/api-client.ts';

const courseKey = (courseId: number) => ['certificates', 'course', courseId] as const;
const fetchCourseCertificates = (courseId: number, signal?: AbortSignal) =>
  api.get('/admin/certificates', { schema: z.array(certificateCourseRowSchema), query: { course_id: courseId }, ...(signal ? { signal } : {}) });
const issueCertificates = (courseId: number) => api.post('/admin/certificates/issue', { course_id: courseId }, { schema: certificateIssueResultSchema });
const revokeCertificate = (id: number) => api.post(`/admin/certificates/${id}/revoke`, {}, { schema: certificateViewSchema });
const reissueCertificate = (id: number) => api.post(`/admin/certificates/${id}/reissue`, {}, { schema: certificateViewSchema });

/** The admin's 结业证书 section of the course roster page: who meets the rule, 颁发证书, revoke and reissue (decision 058). */
export function CourseCertificatesCard({ courseId }: { courseId: number }) {
  const client = useQueryClient();
  const key = courseKey(courseId);
  const rows = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCourseCertificates(courseId, signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const issue = useMutation({
    mutationFn: () => issueCertificates(courseId),
    onSuccess: (d) => {
      client.setQueryData(key, d.rows);
      toast('success', `${CERT_MSG.ISSUED}：${d.issued} 张`);
    },
  });
  const revoke = useMutation({ mutationFn: revokeCertificate, onSuccess: () => toast('success', CERT_MSG.REVOKED), onSettled: refresh });
  const reissue = useMutation({ mutationFn: reissueCertificate, onSuccess: () => toast('success', CERT_MSG.REISSUED), onSettled: refresh });
  return (
    <section className="ca-section" aria-label="结业证书">
      <h2>结业证书</h2>
      {rows.isPending ? (
        <LoadingState rows={2} />
      ) : rows.isError ? (
        <ErrorState onRetry={() => void rows.refetch()} />
      ) : rows.data.length === 0 ? (
        <EmptyState description="本课程暂无学生。" />
      ) : (
        <>
          <div>
            <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()}>
              颁发证书
            </Button>
            <span className="ca-facts">为符合规则（出勤率与最终成绩）且尚无证书的学生颁发</span>
          </div>
          <ul className="ca-list">
            {rows.data.map((r) => (
              <li key={r.student_id} className="ca-card">
                <span>
                  <strong>{r.student_name || `学生${r.student_id}`}</strong>
                  <span className="ca-facts">
                    <span>出勤率 {r.attendance_pct === null ? '—' : `${r.attendance_pct}%`}</span>
                    <span>最终成绩 {r.final_grade ?? '未公布'}</span>
                    <span>{r.eligible ? '符合规则' : '未达要求'}</span>
                  </span>
                </span>
                {r.certificate ? (
                  <span>
                    {r.certificate.revoked_at ? <Tag>已撤销</Tag> : <Tag color="green">已颁发</Tag>}
                    {!r.certificate.revoked_at ? (
                      <Popconfirm title="撤销该证书？验证页将显示证书已撤销。" okText="撤销" cancelText="取消" onConfirm={() => revoke.mutate(r.certificate!.id)}>
                        <Button danger>撤销</Button>
                      </Popconfirm>
                    ) : null}
                    <Popconfirm title="重新颁发？旧证书将撤销，新证书使用新的验证地址。" okText="重新颁发" cancelText="取消" onConfirm={() => reissue.mutate(r.certificate!.id)}>
                      <Button>重新颁发</Button>
                    </Popconfirm>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
