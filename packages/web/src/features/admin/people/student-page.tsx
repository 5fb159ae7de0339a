import '../shell/ops.css';
import '../shell/admin.css';
import { useEffect } from 'react';
import { Button, Card, Descriptions, Form, Input, Select, Tag, Timeline, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ADMISSION_DECISION_LABELS } from '@summit/domain/api/admissions';
import { STUDENT_NOTE_MAX, type AdminStudentDetail, type StudentUpdateRequest } from '@summit/domain/api/students';
import { APPLY_GRADES } from '@summit/domain/application';
import { GENDERS } from '@summit/domain/constants';
import { ACTIVE_TYPES, ACTIVE_TYPE_VALUES } from '@summit/domain/roles';
import { STUDENT_STAGE_LABELS } from '@summit/domain/student-stage';
import { PATHS } from '../../../lib/paths.ts';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { StudentPrivacyPanel } from './student-privacy-panel.tsx';
import { StudentWecomItem } from './student-wecom-item.tsx';
import { StudentMoneyPanel } from '../money/student-money-panel.tsx';
import { StudentReceiptsPanel } from '../money/student-receipts-panel.tsx';
import { DueDatesPanel } from '../money/due-date-extension.tsx';
import { ADMIN_KEYS, fetchTeacherInfo } from '../shell/admin-api.ts';
import { STUDENT_ADMIN_KEYS, fetchStudent, updateStudent } from './students-admin-api.ts';

interface EditValues {
  name: string;
  gender?: 1 | 2;
  grade?: string;
  batch: string;
  active_type: number;
  tags: string[];
  admin_note: string;
}

const valuesOf = (s: AdminStudentDetail): EditValues => ({
  name: s.name,
  ...(s.gender === 1 || s.gender === 2 ? { gender: s.gender } : {}),
  ...(s.grade ? { grade: s.grade } : {}),
  batch: s.batch ?? '',
  active_type: s.active_type,
  tags: s.tags,
  admin_note: s.admin_note,
});

/** Only the fields that differ, so the audit row shows what the admin actually changed. */
function changesOf(before: EditValues, after: EditValues): StudentUpdateRequest {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof EditValues>) {
    if (JSON.stringify(after[key] ?? null) !== JSON.stringify(before[key] ?? null) && after[key] !== undefined) out[key] = after[key];
  }
  return out as StudentUpdateRequest;
}

/** /admin/student/{userId} — one student: who they are, what staff may correct (audited), and everything that happened. */
export default function StudentPage() {
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const qc = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  // 缴费与退款 only for staff holding money.refund (decision 068); the server refuses the rest anyway.
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });
  const mayRefund = (info.data?.permissions ?? []).includes('money.refund');
  const student = useQuery({ queryKey: STUDENT_ADMIN_KEYS.detail(userId), queryFn: ({ signal }) => fetchStudent(userId, signal), enabled: valid });
  // 缴费与收据 for staff holding money.reconcile (decision 073).
  const canSeeMoney = (info.data?.permissions ?? []).includes('money.reconcile');
  // 缴费期限 and 延长缴费期限 for staff holding money.settings (decision 072).
  const canExtendDues = (info.data?.permissions ?? []).includes('money.settings');

  useEffect(() => {
    if (student.data) form.setFieldsValue(valuesOf(student.data));
  }, [student.data, form]);

  const save = useMutation({
    mutationFn: (body: StudentUpdateRequest) => updateStudent(userId, body),
    onSuccess: (s) => {
      void message.success('已保存');
      qc.setQueryData(STUDENT_ADMIN_KEYS.detail(userId), s);
      void qc.invalidateQueries({ queryKey: STUDENT_ADMIN_KEYS.all });
    },
  });

  let body;
  if (!valid) body = <ErrorState title="学生不存在" />;
  else if (student.isPending) body = <LoadingState rows={8} />;
  else if (student.isError) body = <ErrorState onRetry={() => void student.refetch()} />;
  else {
    const s = student.data;
    const onFinish = (v: EditValues) => {
      const changes = changesOf(valuesOf(s), v);
      if (Object.keys(changes).length === 0) return void message.info('没有需要保存的修改');
      save.mutate(changes);
    };
    body = (
      <div className="admin-ops student-page">
        <Card size="small" aria-label="学生信息">
          <div className="ops-head">
            <h2 data-testid="student-name">{s.name || `#${s.user_id}`}</h2>
            <span>
              <Tag color="blue">{STUDENT_STAGE_LABELS[s.stage]}</Tag>
              <Tag>{ACTIVE_TYPES[s.active_type as keyof typeof ACTIVE_TYPES] ?? s.active_type}</Tag>
            </span>
          </div>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="学生ID">{s.user_id}</Descriptions.Item>
            <Descriptions.Item label="手机号">{s.phone}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{s.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="学校">{s.school ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="省份">{s.province ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="批次">{s.batch ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="录取">{s.decision ? `${ADMISSION_DECISION_LABELS[s.decision]}${s.decision_released ? '' : '（未公布）'}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="期次">{s.session ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="会场 / 学院">{[s.venue, s.house].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
            <Descriptions.Item label="学费">{s.tuition_paid ? `已缴（${formatTime(s.tuition_paid_at)}）` : '未缴'}</Descriptions.Item>
            <Descriptions.Item label="监护人同意">{s.guardian_consent_at ? formatTime(s.guardian_consent_at) : '未记录'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatTime(s.registered_at)}</Descriptions.Item>
            <Descriptions.Item label="企业微信">
              <StudentWecomItem studentId={s.user_id} />
            </Descriptions.Item>
          </Descriptions>
        </Card>

        {canExtendDues ? <DueDatesPanel owner={{ kind: 'student', userId: s.user_id }} title="学费缴费期限" /> : null}

        {mayRefund ? <StudentMoneyPanel userId={s.user_id} /> : null}

        <StudentPrivacyPanel userId={s.user_id} />

        {canSeeMoney ? <StudentReceiptsPanel userId={s.user_id} /> : null}

        <Card size="small" title="修改资料（每次修改记入操作日志）">
          <Form<EditValues> form={form} name="student-edit" layout="vertical" onFinish={onFinish} className="student-edit">
            <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item label="性别" name="gender">
              <Select aria-label="性别" placeholder="未填写" options={GENDERS.map((g) => ({ value: g.value, label: g.label }))} />
            </Form.Item>
            <Form.Item label="年级" name="grade">
              <Select aria-label="年级" placeholder="未填写" options={APPLY_GRADES.map((g) => ({ value: g.value, label: g.label }))} />
            </Form.Item>
            <Form.Item label="批次" name="batch">
              <Input maxLength={20} placeholder="EB1 / EB2 / RD" />
            </Form.Item>
            <Form.Item label="身份类型" name="active_type">
              <Select aria-label="身份类型" options={ACTIVE_TYPE_VALUES.map((v) => ({ value: v, label: ACTIVE_TYPES[v] }))} />
            </Form.Item>
            <Form.Item label="标签" name="tags">
              <Select aria-label="标签" mode="tags" placeholder="输入标签后回车" maxCount={30} />
            </Form.Item>
            <Form.Item label="备注（仅工作人员可见）" name="admin_note" className="student-edit__wide">
              <Input.TextArea rows={3} maxLength={STUDENT_NOTE_MAX} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        </Card>

        <Card size="small" title="时间线">
          {s.timeline.length === 0 ? (
            <p className="ops-muted">暂无记录</p>
          ) : (
            <Timeline
              aria-label="时间线"
              items={s.timeline.map((e, i) => ({
                key: `${e.at}-${i}`,
                content: (
                  <>
                    <div>{e.text}</div>
                    <small className="ops-muted">{formatTime(e.at)}</small>
                  </>
                ),
              }))}
            />
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="page admin-page">
      <p>
        <Link to={`${PATHS.admin}/students`}>← 返回学生管理</Link>
      </p>
      <h1 className="page__title">学生详情</h1>
      {body}
    </div>
  );
}
