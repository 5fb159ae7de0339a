import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Checkbox, DatePicker, Form, Input, Radio, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { studentFormListSchema, studentFormRecordSchema, type StudentFormRecord } from '@summit/domain/api/application';
import { CURRICULUM_OPTIONS, DIET_OPTIONS, GENDER_OPTIONS, GUARDIAN_CONFIRM_TEXT, GUARDIAN_RELATION_OPTIONS, ONBOARDING_FORM_TITLES, TSHIRT_OPTIONS, addressFormSchema, basicFormSchema, healthFormSchema, previousFormSchema, schoolPeriodSchema, type OnboardingFormName } from '@summit/domain/onboarding-forms';
import { PATHS } from '../../lib/paths.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { phoneRule, zodRule } from '../../lib/form-rules.ts';
import { toast } from '../../lib/notifier.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AreaCascader } from '../../components/area-cascader.tsx';
import { CountedTextArea } from '../../components/counted-text-area.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { fetchRegionChildren } from '../../components/region-data.ts';
import './onboarding-forms.css';

/** Which form each of the spec's paths shows (the /scene-form/* and /student/* pairs are the same form). */
export function formOfPath(pathname: string): OnboardingFormName {
  if (pathname === PATHS.sceneFormHealth || pathname === PATHS.studentBaseHealthInfo) return 'health';
  if (pathname === PATHS.sceneFormAddress) return 'address';
  if (pathname === PATHS.studentPreviousInfo) return 'previous';
  return 'basic';
}

const INTRO: Record<OnboardingFormName, string> = {
  basic: '请填写学生本人的基本信息，用于制作学生证、分配宿舍与准备迎新礼包。',
  previous: '请按时间顺序填写就读过的学校（含目前就读的学校）。',
  address: '迎新礼包将寄往此地址，请确保收件人与电话准确。',
  health: '健康信息仅用于保障学生在项目期间的安全，加密保存，仅经授权的项目工作人员可查看。须由监护人确认。',
};

const keyOf = (name: OnboardingFormName) => ['student', 'form', name] as const;
const opts = (items: ReadonlyArray<{ value: string; label: string }>) => items.map((o) => ({ value: o.value, label: o.label }));

/** /scene-form/basic|health|address, /student/information, /student/base-health-info, /student/previous/info. */
export default function OnboardingFormPage() {
  const name = formOfPath(useLocation().pathname);
  const record = useQuery({
    queryKey: keyOf(name),
    queryFn: ({ signal }) => api.get('/student/form', { query: { form_name: name }, schema: studentFormListSchema, signal }),
  });
  return (
    <div className="obf-page">
      <p className="obf-back">
        <Link to={PATHS.checklist}>← 返回入学清单</Link>
      </p>
      <h1>{ONBOARDING_FORM_TITLES[name]}</h1>
      <p className="obf-intro">{INTRO[name]}</p>
      {record.isPending ? (
        <LoadingState rows={6} />
      ) : record.isError ? (
        <ErrorState onRetry={() => void record.refetch()} />
      ) : (
        <OnboardingForm key={name} name={name} existing={record.data.items.find((i) => i.form_name === name)} />
      )}
    </div>
  );
}

/** Values as the form holds them (dates as dayjs) ↔ as the API takes them (yyyy-MM-dd strings). */
function toFormValues(name: OnboardingFormName, value: unknown): Record<string, unknown> {
  const v = { ...((value as Record<string, unknown> | null) ?? {}) };
  for (const k of ['birth_date', 'guardian_signed_on']) if (typeof v[k] === 'string') v[k] = dayjs(v[k] as string);
  if (name === 'previous' && !Array.isArray(v.schools)) v.schools = [{}];
  return v;
}

function toApiValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    out[k] = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v;
  }
  return out;
}

async function areaWords(ids: readonly number[]): Promise<string> {
  const [stateId, cityId, zoneId] = ids;
  const names: string[] = [];
  const states = await fetchRegionChildren('states', 1);
  names.push(states.find((s) => s.id === stateId)?.name ?? '');
  if (stateId !== undefined && cityId !== undefined) names.push((await fetchRegionChildren('cities', stateId)).find((c) => c.id === cityId)?.name ?? '');
  if (cityId !== undefined && zoneId !== undefined) names.push((await fetchRegionChildren('zones', cityId)).find((z) => z.id === zoneId)?.name ?? '');
  return names.filter((n) => n !== '').join(' / ');
}

function OnboardingForm({ name, existing }: { name: OnboardingFormName; existing: StudentFormRecord | undefined }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [submittedAt, setSubmittedAt] = useState(existing?.submitted_at ?? null);

  const send = async (draft: boolean) => {
    let values: Record<string, unknown>;
    if (draft) values = toApiValues(form.getFieldsValue(true) as Record<string, unknown>);
    else {
      try {
        values = toApiValues((await form.validateFields()) as Record<string, unknown>);
      } catch {
        toast('error', '请检查标红的项目');
        return;
      }
    }
    if (name === 'address' && Array.isArray(values.area) && values.area.length > 0) values.area_str = await areaWords(values.area as number[]).catch(() => '');
    setBusy(draft ? 'draft' : 'submit');
    try {
      const saved = await api.post('/student/form', { form_name: name, value: values, ...(draft ? { draft: true } : {}) }, { schema: studentFormRecordSchema, fieldNames: [], quiet: false });
      queryClient.setQueryData(keyOf(name), { items: [saved] });
      void queryClient.invalidateQueries({ queryKey: ['student', 'checklist'] });
      setSubmittedAt(saved.submitted_at);
      toast('success', draft ? '草稿已保存' : '提交成功');
    } catch (error) {
      if (error instanceof ApiError && error.field?.startsWith('value.')) {
        const path = error.field.slice('value.'.length).split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        form.setFields([{ name: path, errors: [error.msg] }]);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark initialValues={toFormValues(name, existing?.value)} validateTrigger={['onBlur']} className="obf-form" aria-label={ONBOARDING_FORM_TITLES[name]}>
      <div className="obf-status">
        {submittedAt ? (
          <Tag color="green" data-testid="form-state">
            已提交 {dayjs(submittedAt).tz('Asia/Shanghai').format('M月D日 HH:mm')}
          </Tag>
        ) : existing ? (
          <Tag color="gold" data-testid="form-state">
            草稿
          </Tag>
        ) : (
          <Tag data-testid="form-state">未填写</Tag>
        )}
        {submittedAt ? <span className="obf-muted">可修改后重新提交</span> : null}
      </div>
      {FIELDS[name]()}
      <div className="obf-actions">
        {submittedAt ? null : (
          <Button size="large" loading={busy === 'draft'} onClick={() => void send(true)}>
            保存草稿
          </Button>
        )}
        <Button size="large" type="primary" loading={busy === 'submit'} onClick={() => void send(false)}>
          提交
        </Button>
      </div>
    </Form>
  );
}

const B = basicFormSchema.shape;
const P = previousFormSchema.shape;
const A = addressFormSchema.shape;
const H = healthFormSchema.shape;
const S = schoolPeriodSchema;

const dateRule = (schema: typeof B.birth_date) => zodRule({ safeParse: (v: unknown) => schema.safeParse(dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v) });

const FIELDS: Record<OnboardingFormName, () => ReactNode> = {
  basic: () => (
    <>
      <Form.Item label="中文姓名" name="chinese_name" required rules={[zodRule(B.chinese_name)]}>
        <Input maxLength={20} placeholder="与证件一致" />
      </Form.Item>
      <Form.Item label="英文名（拼音）" name="english_name" required rules={[zodRule(B.english_name)]}>
        <Input maxLength={60} placeholder="如 Xiaoming Zhang" />
      </Form.Item>
      <Form.Item label="性别" name="gender" required rules={[zodRule(B.gender)]} validateTrigger={['onChange']}>
        <Radio.Group className="obf-radios" options={opts(GENDER_OPTIONS)} />
      </Form.Item>
      <Form.Item label="出生日期" name="birth_date" required rules={[dateRule(B.birth_date)]} validateTrigger={['onChange']}>
        <DatePicker className="obf-full" placeholder="请选择" inputReadOnly />
      </Form.Item>
      <Form.Item label="T恤尺码" name="tshirt_size" required rules={[zodRule(B.tshirt_size)]} validateTrigger={['onChange']}>
        <Select placeholder="请选择" options={opts(TSHIRT_OPTIONS)} />
      </Form.Item>
      <Form.Item label="饮食要求" name="diet" required rules={[zodRule(B.diet)]} validateTrigger={['onChange']}>
        <Radio.Group className="obf-radios" options={opts(DIET_OPTIONS)} />
      </Form.Item>
      <Form.Item label="饮食说明（选填）" name="diet_note" rules={[zodRule(B.diet_note)]}>
        <CountedTextArea maxUnits={100} placeholder="如有其他饮食要求，请说明" />
      </Form.Item>
    </>
  ),
  previous: () => (
    <>
      <Form.Item label="目前就读课程体系" name="curriculum" required rules={[zodRule(P.curriculum)]} validateTrigger={['onChange']}>
        <Select placeholder="请选择" options={opts(CURRICULUM_OPTIONS)} />
      </Form.Item>
      <Form.List name="schools">
        {(fields, { add, remove }) => (
          <div className="obf-list">
            {fields.map((field, index) => (
              <fieldset key={field.key} className="obf-row">
                <legend>学校 {index + 1}</legend>
                <Form.Item label="学校全名" name={[field.name, 'school_name']} required rules={[zodRule(S.shape.school_name)]}>
                  <Input maxLength={50} placeholder="请输入学校全名" />
                </Form.Item>
                <div className="obf-years">
                  <Form.Item label="入学年份" name={[field.name, 'start_year']} required rules={[zodRule(S.shape.start_year)]}>
                    <Input maxLength={4} inputMode="numeric" placeholder="如 2022" />
                  </Form.Item>
                  <Form.Item label="离校年份" name={[field.name, 'end_year']} required rules={[zodRule(S.shape.end_year)]}>
                    <Input maxLength={4} inputMode="numeric" placeholder="如 2025" />
                  </Form.Item>
                </div>
                {fields.length > 1 ? (
                  <Button danger onClick={() => remove(field.name)}>
                    删除该学校
                  </Button>
                ) : null}
              </fieldset>
            ))}
            {fields.length < 5 ? <Button onClick={() => add({})}>+ 添加学校</Button> : null}
          </div>
        )}
      </Form.List>
      <Form.Item label="获奖与荣誉（选填）" name="awards" rules={[zodRule(P.awards)]}>
        <CountedTextArea maxUnits={200} placeholder="可列出主要奖项" />
      </Form.Item>
    </>
  ),
  address: () => (
    <>
      <Form.Item label="收件人" name="recipient" required rules={[zodRule(A.recipient)]}>
        <Input maxLength={50} placeholder="请输入收件人姓名" />
      </Form.Item>
      <Form.Item label="收件人手机" name="phone" required rules={[phoneRule(() => '86')]}>
        <Input maxLength={13} inputMode="tel" placeholder="请输入11位手机号" />
      </Form.Item>
      <Form.Item label="所在地区" name="area" required rules={[zodRule(A.area)]} validateTrigger={['onChange']}>
        <AreaCascader countryId={1} mode="mainland" />
      </Form.Item>
      <Form.Item label="详细地址" name="detail" required rules={[zodRule(A.detail)]}>
        <Input maxLength={200} placeholder="街道、门牌号、楼栋与房间号" />
      </Form.Item>
      <Form.Item label="邮政编码（选填）" name="postcode" rules={[zodRule(A.postcode)]}>
        <Input maxLength={6} inputMode="numeric" placeholder="6位数字" />
      </Form.Item>
    </>
  ),
  health: () => (
    <>
      <Form.Item label="既往病史与慢性疾病" name="conditions" required rules={[zodRule(H.conditions)]} extra="没有请填“无”">
        <CountedTextArea maxUnits={200} placeholder="如哮喘、癫痫、心脏疾病等" />
      </Form.Item>
      <Form.Item label="过敏情况" name="allergies" required rules={[zodRule(H.allergies)]} extra="没有请填“无”">
        <CountedTextArea maxUnits={200} placeholder="药物、食物或其他过敏" />
      </Form.Item>
      <Form.Item label="正在使用的药物" name="medication" required rules={[zodRule(H.medication)]} extra="没有请填“无”">
        <CountedTextArea maxUnits={200} placeholder="药品名称、剂量与服用时间" />
      </Form.Item>
      <fieldset className="obf-row">
        <legend>紧急联系人</legend>
        <Form.Item label="姓名" name="emergency_name" required rules={[zodRule(H.emergency_name)]}>
          <Input maxLength={50} placeholder="请输入紧急联系人姓名" />
        </Form.Item>
        <Form.Item label="与学生关系" name="emergency_relation" required rules={[zodRule(H.emergency_relation)]} validateTrigger={['onChange']}>
          <Select placeholder="请选择" options={opts(GUARDIAN_RELATION_OPTIONS)} />
        </Form.Item>
        <Form.Item label="手机" name="emergency_phone" required rules={[phoneRule(() => '86')]}>
          <Input maxLength={13} inputMode="tel" placeholder="请输入11位手机号" />
        </Form.Item>
      </fieldset>
      <fieldset className="obf-row">
        <legend>监护人签字</legend>
        <Form.Item label="监护人姓名" name="guardian_name" required rules={[zodRule(H.guardian_name)]}>
          <Input maxLength={50} placeholder="请监护人填写本人姓名" />
        </Form.Item>
        <Form.Item label="签字日期" name="guardian_signed_on" required rules={[dateRule(H.guardian_signed_on)]} validateTrigger={['onChange']}>
          <DatePicker className="obf-full" placeholder="请选择" inputReadOnly />
        </Form.Item>
        <Form.Item name="guardian_confirm" valuePropName="checked" rules={[zodRule(H.guardian_confirm)]} validateTrigger={['onChange']}>
          <Checkbox>{GUARDIAN_CONFIRM_TEXT}</Checkbox>
        </Form.Item>
      </fieldset>
    </>
  ),
};
