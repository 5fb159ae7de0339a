import { useMemo } from 'react';
import { Button, Checkbox, DatePicker, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ApplyState } from '@summit/domain/api/application';
import { studentInfoSchema } from '@summit/domain/api/student';
import { APPLY_GRADES, APPLY_MSG, APPLY_SESSIONS, GUARDIAN_CONSENT_TEXT, GUARDIAN_RELATIONS, PROFESSIONAL_TRACKS, PROGRAMME_START_DATE, isMaskedCardNumber, step1FieldsSchema } from '@summit/domain/application';
import { DATE_FORMAT } from '@summit/domain/constants';
import { CARD_TYPES, cardNumberSchemaFor, schoolProblem, type CardType } from '@summit/domain/validation';
import { api } from '../../lib/api-client.ts';
import { phoneRule, schemaProblem, zodRule } from '../../lib/form-rules.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { SchoolSelect, type SchoolValue } from '../../components/school-select.tsx';
import { STEP1_FORM_FIELDS, step1FormValuesOf } from './apply-model.ts';
import { useStepForm } from './use-step-form.ts';

const F = step1FieldsSchema.shape;

/** The date picker holds a Dayjs; the form value (and the API) is 'YYYY-MM-DD'. */
function BirthDatePicker({ value, onChange, id }: { value?: string; onChange?: (v: string | undefined) => void; id?: string }) {
  const parsed = value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      id={id}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DATE_FORMAT) : undefined)}
      format={DATE_FORMAT}
      placeholder="请选择出生日期（年-月-日）"
      defaultPickerValue={dayjs('2010-01-01')}
      disabledDate={(d) => d.isAfter(dayjs(PROGRAMME_START_DATE))}
      inputReadOnly={false}
      style={{ width: '100%' }}
    />
  );
}

const schoolRule = {
  validator: async (_rule: unknown, value: SchoolValue | undefined) => {
    const problem = schoolProblem({ school_id: value?.school_id ?? null, school_name: value?.school_name ?? '' });
    if (problem) throw new Error(problem);
  },
};

/** Step 1 基本信息: personal details, school, guardian and consent, programme preferences. */
export function Step1Form({ state, accountId, onSubmitted }: { state: ApplyState; accountId: number | null; onSubmitted: (state: ApplyState) => void }) {
  const [form] = Form.useForm();
  const { saving, saveDraft, submit, markDirty, modalHolder, draftNotice } = useStepForm(1, form, STEP1_FORM_FIELDS, onSubmitted, {
    accountId,
    updatedAt: state.updated_at,
  });
  const initialValues = useMemo(() => step1FormValuesOf(state.step1, state.profile_school), [state.step1, state.profile_school]);
  // The profile's area narrows the school search to the student's city.
  const info = useQuery({ queryKey: SESSION_KEYS.studentInfo, queryFn: ({ signal }) => api.get('/student/info', { schema: studentInfoSchema, signal }) });
  const schoolFilter = {
    country_id: info.data?.school_country_id ?? null,
    state_id: info.data?.school_state_id ?? null,
    city_id: info.data?.school_city_id ?? null,
    type: 1,
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onValuesChange={markDirty}
      validateTrigger={['onBlur']}
      className="apply-form"
      aria-label="基本信息"
    >
      {modalHolder}
      {draftNotice}
      <fieldset className="apply-form__group">
        <legend>申请人信息</legend>
        <Form.Item label="姓名（与证件一致）" name="legal_name" required rules={[zodRule(F.legal_name)]}>
          <Input placeholder="请输入证件上的姓名" maxLength={40} autoComplete="name" />
        </Form.Item>
        <Form.Item label="性别" name="gender" required rules={[zodRule(F.gender)]} validateTrigger={['onChange']}>
          <Radio.Group optionType="button" buttonStyle="solid" className="apply-choice" options={[{ value: 1, label: '男' }, { value: 2, label: '女' }]} />
        </Form.Item>
        <Form.Item label="出生日期" name="birth_date" required rules={[zodRule(F.birth_date)]} validateTrigger={['onChange', 'onBlur']} extra={`项目开始时（${PROGRAMME_START_DATE}）须年满12至20周岁`}>
          <BirthDatePicker />
        </Form.Item>
        <Form.Item label="证件类型" name="card_type" required rules={[zodRule(F.card_type)]} validateTrigger={['onChange']}>
          <Select placeholder="请选择证件类型" options={CARD_TYPES.map((c) => ({ value: c.value, label: c.label }))} onChange={() => void form.validateFields(['card_number']).catch(() => undefined)} />
        </Form.Item>
        <Form.Item
          label="证件号码"
          name="card_number"
          required
          extra="证件号码加密保存，保存后仅显示前4位和后4位；如需修改，请清空后重新输入完整号码"
          dependencies={['card_type']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                // The saved number comes back masked (decision 064); sent back as is, the server keeps it.
                if (isMaskedCardNumber(value)) return;
                const type = getFieldValue('card_type') as CardType | undefined;
                const problem = type ? schemaProblem(cardNumberSchemaFor(type), value === '' ? undefined : value) : schemaProblem(F.card_number, value === '' ? undefined : value);
                if (problem) throw new Error(problem);
              },
            }),
          ]}
        >
          <Input placeholder="请输入证件号码" maxLength={64} autoComplete="off" onFocus={(e) => {
              // A masked number is replaced, not edited: selecting it lets the first keystroke clear it.
              if (isMaskedCardNumber(e.target.value)) e.target.select();
            }} />
        </Form.Item>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>学校与年级</legend>
        <Form.Item label="学校" name="school" required rules={[schoolRule]} extra="已按个人信息预填，可修改；列表中没有时请输入学校全名">
          <SchoolSelect filter={schoolFilter} />
        </Form.Item>
        <Form.Item label="年级" name="grade" required rules={[zodRule(F.grade)]} validateTrigger={['onChange']}>
          <Radio.Group optionType="button" buttonStyle="solid" className="apply-choice" options={APPLY_GRADES.map((g) => ({ value: g.value, label: g.label }))} />
        </Form.Item>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>监护人信息</legend>
        <Form.Item label="监护人姓名" name="guardian_name" required rules={[zodRule(F.guardian_name)]}>
          <Input placeholder="请输入监护人姓名" maxLength={40} />
        </Form.Item>
        <Form.Item label="与申请人关系" name="guardian_relation" required rules={[zodRule(F.guardian_relation)]} validateTrigger={['onChange']}>
          <Radio.Group optionType="button" buttonStyle="solid" className="apply-choice" options={GUARDIAN_RELATIONS.map((g) => ({ value: g.value, label: g.label }))} />
        </Form.Item>
        <Form.Item label="监护人手机" name="guardian_phone" required rules={[phoneRule(() => '86')]}>
          <Input placeholder="请输入11位手机号" maxLength={13} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        {/* A scrolling box a keyboard can reach and scroll (tabIndex), named for screen readers (decision 093). */}
        <div className="apply-consent" role="region" aria-label="监护人授权书" tabIndex={0}>
          <p>{GUARDIAN_CONSENT_TEXT}</p>
        </div>
        <Form.Item
          name="guardian_consent"
          valuePropName="checked"
          rules={[{ validator: async (_r, v: unknown) => { if (v !== true) throw new Error(APPLY_MSG.CONSENT_REQUIRED); } }]}
          validateTrigger={['onChange']}
        >
          <Checkbox className="apply-consent__check">监护人已阅读并同意上述个人信息处理授权</Checkbox>
        </Form.Item>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>项目意向</legend>
        <Form.Item label="意向期次" name="session_preference" required rules={[zodRule(F.session_preference)]} validateTrigger={['onChange']}>
          <Radio.Group optionType="button" buttonStyle="solid" className="apply-choice" options={APPLY_SESSIONS.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item label="意向方向" name="track_preference" required rules={[zodRule(F.track_preference)]} validateTrigger={['onChange']}>
          <Radio.Group className="apply-tracks">
            {PROFESSIONAL_TRACKS.map((t) => (
              <Radio key={t.value} value={t.value} className="apply-tracks__item">
                <span className="apply-tracks__name">{t.label}</span>
                <span className="apply-tracks__hint">{t.hint}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </fieldset>

      <div className="apply-actions">
        <Button onClick={() => void saveDraft()} loading={saving === 'draft'} disabled={saving !== null}>
          保存草稿
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={saving === 'submit'} disabled={saving !== null}>
          提交基本信息
        </Button>
      </div>
    </Form>
  );
}
