import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../shell/admin-format.ts';
import { WECOM_ADMIN_KEYS, fetchStudentWecom } from './wecom-admin-api.ts';

/** The student page's 企业微信 line (decision 098): the WeCom identity the student bound on /register, if any. */
export function StudentWecomItem({ studentId }: { studentId: number }) {
  const q = useQuery({ queryKey: WECOM_ADMIN_KEYS.student(studentId), queryFn: ({ signal }) => fetchStudentWecom(studentId, signal) });
  if (q.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (q.isError) return <Typography.Text type="secondary">加载失败</Typography.Text>;
  if (!q.data.bound) return <span data-testid="student-wecom">未绑定</span>;
  return (
    <span data-testid="student-wecom">
      已绑定（{formatTime(q.data.bound_at)}）
      <Typography.Text type="secondary" copyable={{ text: q.data.external_user_id ?? q.data.open_id ?? '' }}>
        {q.data.external_user_id ? ` 外部联系人 ${q.data.external_user_id}` : ' 非外部联系人'}
      </Typography.Text>
    </span>
  );
}
