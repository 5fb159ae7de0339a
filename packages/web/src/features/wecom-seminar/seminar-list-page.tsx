import { useState } from 'react';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SEMINAR_GRADES, SEMINAR_ROLE_LABELS, SEMINAR_ROLES, WECOM_SEMINAR_MSG, type SeminarRole } from '@summit/domain/api/wecom-seminar';
import { phoneProblem } from '@summit/domain/field-rules';
import { MSG } from '@summit/domain/messages';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { regionChildrenQuery } from '../../components/region-data.ts';
import { SchoolSelect, type SchoolValue } from '../../components/school-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/paths.ts';
import { SEMINAR_KEYS, fetchSeminars, signUpForSeminar } from './seminar-api.ts';
import { beijing } from './seminar-format.ts';
import { newSignupKey, seminarStorage } from './seminar-storage.ts';
import './seminar.css';

const CHINA_ID = 1;
const FIELDS = ['seminar_id', 'role', 'name', 'phone', 'grade', 'state_id', 'school_id', 'school_name'] as const;

interface FormValues {
  seminar_id: number;
  role: SeminarRole;
  name: string;
  phone: string;
  grade: (typeof SEMINAR_GRADES)[number];
  state_id: number;
  school?: SchoolValue;
}

/**
 * /wecom/seminar (decision 099): the programme's information seminars and one form to sign up as a student or a
 * parent. After signing up, /wecom/seminar/divide assigns a counsellor.
 */
export default function SeminarListPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  // One key per visit: a double tap or a retry after a lost answer reaches the same sign-up.
  const [key] = useState(newSignupKey);
  const seminars = useQuery({ queryKey: SEMINAR_KEYS.list, queryFn: ({ signal }) => fetchSeminars(signal) });
  const states = useQuery(regionChildrenQuery('states', CHINA_ID));
  const stateId = Form.useWatch('state_id', form);
  const submit = useMutation({
    mutationFn: (v: FormValues) =>
      signUpForSeminar(
        { seminar_id: v.seminar_id, role: v.role, name: v.name, phone: v.phone, grade: v.grade, state_id: v.state_id, school_id: v.school?.school_id ?? null, school_name: v.school?.school_name ?? '', key },
        FIELDS,
      ),
    onSuccess: (result) => {
      seminarStorage.remember(result.code, key);
      void navigate(`${PATHS.wecomSeminarDivide}?u=${encodeURIComponent(result.code)}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) {
        const name = err.field === 'school_id' || err.field === 'school_name' ? 'school' : err.field;
        form.setFields([{ name: name as keyof FormValues, errors: [err.msg] }]);
      }
    },
  });

  let body;
  if (seminars.isPending) body = <LoadingState rows={5} />;
  else if (seminars.isError) body = <ErrorState onRetry={() => void seminars.refetch()} />;
  else if (seminars.data.length === 0) body = <EmptyState description="暂无正在报名的说明会，敬请关注。" />;
  else {
    const list = seminars.data;
    body = (
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ seminar_id: list[0]!.id, role: 'student' }}
        onFinish={(v) => submit.mutate(v)}
        className="ws-form"
      >
        <Form.Item name="seminar_id" label="选择场次" rules={[{ required: true, message: WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND }]}>
          <Radio.Group className="ws-seminars">
            {list.map((s) => (
              <Radio key={s.id} value={s.id} className="ws-seminar" data-testid={`seminar-${s.id}`}>
                <span className="ws-seminar__title">{s.title}</span>
                <span className="ws-seminar__meta">
                  {beijing(s.starts_at)}
                  {s.location ? ` · ${s.location}` : ''}
                </span>
                {s.description ? <span className="ws-seminar__desc">{s.description}</span> : null}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="role" label="报名身份" rules={[{ required: true, message: WECOM_SEMINAR_MSG.ROLE_REQUIRED }]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={SEMINAR_ROLES.map((r) => ({ value: r, label: SEMINAR_ROLE_LABELS[r] }))} />
        </Form.Item>
        <Form.Item name="name" label="学生姓名" rules={[{ required: true, whitespace: true, message: MSG.NAME_REQUIRED }]}>
          <Input maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          extra="顾问将通过此手机号或企业微信与你联系"
          rules={[{ validator: async (_r, value: string | undefined) => { const problem = phoneProblem(value ?? ''); if (problem) throw new Error(problem); } }]}
        >
          <Input inputMode="numeric" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="grade" label="学生年级" rules={[{ required: true, message: WECOM_SEMINAR_MSG.GRADE_REQUIRED }]}>
          <Select placeholder="请选择" options={SEMINAR_GRADES.map((g) => ({ value: g, label: g }))} />
        </Form.Item>
        <Form.Item name="state_id" label="所在省份" rules={[{ required: true, message: WECOM_SEMINAR_MSG.PROVINCE_REQUIRED }]}>
          <Select
            placeholder="请选择"
            showSearch={{ optionFilterProp: 'label' }}
            loading={states.isPending}
            options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldValue('school', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="school"
          label="就读学校"
          rules={[{ validator: async (_r, value: SchoolValue | undefined) => { if (!value || (value.school_id === null && !value.school_name.trim())) throw new Error(WECOM_SEMINAR_MSG.SCHOOL_REQUIRED); } }]}
        >
          <SchoolSelect filter={{ country_id: CHINA_ID, ...(stateId ? { state_id: stateId } : {}) }} disabled={!stateId} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
          提交报名
        </Button>
      </Form>
    );
  }

  return (
    <div className="page page--narrow ws-page">
      <h1 className="page__title">招生说明会报名</h1>
      <p className="ws-lead">报名后将为你安排一位招生顾问，添加顾问企业微信即可获取说明会链接与一对一答疑。</p>
      {body}
    </div>
  );
}
