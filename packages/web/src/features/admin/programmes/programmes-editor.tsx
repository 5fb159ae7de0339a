import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Skeleton, Switch, message } from 'antd';
import type { FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProgramme } from '@summit/domain/api/programmes';
import { APPLICANT_ROLES, FEE_MODES, FEE_MODE_LABELS, PROGRAMME_STATUSES, PROGRAMME_STATUS_LABELS, QUESTION_TYPES, UPLOAD_ROLES, UPLOAD_ROLE_LABELS, type ProgrammeDefinition } from '@summit/domain/programmes';
import { ApiError } from '../../../lib/api-client.ts';
import { createProgramme, PROGRAMME_KEYS, updateProgramme } from './programmes-api.ts';
import {
  ACTIVE_TYPE_OPTIONS,
  APPLICANT_ROLE_LABELS,
  CHOICE_TYPES,
  QUESTION_TYPE_LABELS,
  checkProgrammeForm,
  definitionToForm,
  formPathOf,
  newProgrammeDefinition,
  type ProgrammeFormValues,
} from './programmes-model.ts';
import './programmes.css';

// Tiptap is fetched only when the editor opens.
const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

/** The rich-text editor as a form control (Form.Item hands it value and onChange). */
function HtmlField({ value, onChange, label }: { value?: string; onChange?: (html: string) => void; label: string }) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 120 }} />}>
      <RichTextEditor value={value ?? ''} onChange={(html) => onChange?.(html)} label={label} />
    </Suspense>
  );
}

function DueInput({ name, label }: { name: 'whole_due' | 'deposit_due' | 'final_due'; label: string }) {
  return (
    <Form.Item label={label} required className="programme-editor__due">
      <Form.Item name={['fees', name, 'kind']} noStyle>
        <Radio.Group
          options={[
            { value: 'after_offer', label: '录取后天数' },
            { value: 'date', label: '固定日期' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: ProgrammeFormValues, b: ProgrammeFormValues) => a.fees?.[name]?.kind !== b.fees?.[name]?.kind}>
        {({ getFieldValue }) =>
          getFieldValue(['fees', name, 'kind']) === 'date' ? (
            <Form.Item name={['fees', name, 'at']} style={{ marginTop: 8, marginBottom: 0 }}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} aria-label={`${label}日期`} />
            </Form.Item>
          ) : (
            <Form.Item name={['fees', name, 'days']} style={{ marginTop: 8, marginBottom: 0 }}>
              <InputNumber<number> min={1} max={365} precision={0} suffix="天" style={{ width: '100%' }} aria-label={`${label}天数`} />
            </Form.Item>
          )
        }
      </Form.Item>
    </Form.Item>
  );
}

/** Up, down and remove for one item of a Form.List. */
function ItemActions({ index, count, move, remove, what, min = 0 }: { index: number; count: number; move: (a: number, b: number) => void; remove: (i: number) => void; what: string; min?: number }) {
  return (
    <span className="programme-editor__item-actions">
      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`上移${what}`}>
        上移
      </Button>
      <Button size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`下移${what}`}>
        下移
      </Button>
      <Button size="small" danger disabled={count <= min} onClick={() => remove(index)} aria-label={`删除${what}`}>
        删除
      </Button>
    </span>
  );
}

/** A key not used yet in the list: q1, q2… */
function nextKey(prefix: string, taken: ReadonlyArray<{ key?: string } | undefined>): string {
  const used = new Set(taken.map((t) => t?.key));
  let n = taken.length + 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function QuestionsEditor({ form, stepIndex }: { form: FormInstance<ProgrammeFormValues>; stepIndex: number }) {
  return (
    <Form.List name={[stepIndex, 'questions']}>
      {(fields, { add, remove, move }) => (
        <div className="programme-editor__questions">
          {fields.map((field, qi) => (
            <fieldset key={field.key} className="programme-editor__question" aria-label={`第 ${qi + 1} 题`}>
              <div className="programme-editor__item-head">
                <strong>第 {qi + 1} 题</strong>
                <ItemActions index={qi} count={fields.length} move={move} remove={remove} what={`第 ${qi + 1} 题`} min={1} />
              </div>
              <div className="programme-editor__grid">
                <Form.Item name={[field.name, 'label']} label="题目">
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={[field.name, 'key']} label="题目标识" tooltip="小写字母开头，可含数字和下划线，保存答案用">
                  <Input maxLength={40} />
                </Form.Item>
                <Form.Item name={[field.name, 'type']} label="题型">
                  <Select options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} label="必填" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </div>
              <Form.Item noStyle dependencies={[['steps', stepIndex, 'questions', field.name, 'type']]}>
                {() => {
                  const type = form.getFieldValue(['steps', stepIndex, 'questions', field.name, 'type']) as string;
                  return (
                    <div className="programme-editor__grid">
                      {CHOICE_TYPES.includes(type as never) ? (
                        <Form.Item name={[field.name, 'options_text']} label="选项（每行一个）" className="programme-editor__wide">
                          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
                        </Form.Item>
                      ) : null}
                      {type === 'text' || type === 'textarea' ? (
                        <Form.Item name={[field.name, 'max_length']} label="最多字数">
                          <InputNumber<number> min={1} max={20000} precision={0} style={{ width: '100%' }} placeholder="2000" />
                        </Form.Item>
                      ) : null}
                      {type === 'upload' ? (
                        <Form.Item name={[field.name, 'upload_role']} label="材料归属">
                          <Select options={UPLOAD_ROLES.map((r) => ({ value: r, label: UPLOAD_ROLE_LABELS[r] }))} />
                        </Form.Item>
                      ) : null}
                      <Form.Item name={[field.name, 'hint']} label="提示" className="programme-editor__wide">
                        <Input maxLength={500} />
                      </Form.Item>
                    </div>
                  );
                }}
              </Form.Item>
            </fieldset>
          ))}
          <Button
            onClick={() => {
              const taken = (form.getFieldValue(['steps', stepIndex, 'questions']) ?? []) as Array<{ key?: string }>;
              add({ key: nextKey('q', taken), label: '', type: 'text', required: true, options_text: '', upload_role: 'student' });
            }}
          >
            添加题目
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * 新建项目 / 编辑项目: the whole definition in one form (basics, eligibility, the steps and questions, fees,
 * documents, offer types, content and weeks). The domain schema checks it before sending and places each issue
 * under its field; the server's own refusals land there too, or show as a message. Nothing typed is reset on an
 * error: the form keeps its values until it is saved.
 */
export function ProgrammeEditor({ programme, onSaved, onCancel }: { programme: AdminProgramme | null; onSaved: (code: string) => void; onCancel: () => void }) {
  const creating = programme === null;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProgrammeFormValues>();
  const [toast, toastHolder] = message.useMessage();
  const [problems, setProblems] = useState<string[]>([]);
  const [initial] = useState(() => definitionToForm(programme?.definition ?? newProgrammeDefinition(), creating ? '' : undefined));

  const save = useMutation({
    mutationFn: async (body: { code: string; definition: ProgrammeDefinition }) =>
      creating ? createProgramme({ code: body.code, definition: body.definition }) : updateProgramme(body.code, body.definition),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: PROGRAMME_KEYS.list });
      queryClient.setQueryData(PROGRAMME_KEYS.one(saved.code), saved);
      void toast.success(creating ? '项目已创建' : '项目设置已保存');
      onSaved(saved.code);
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || !err.field) return;
      const name = err.field === 'code' ? ['code'] : formPathOf(err.field);
      if (name && form.getFieldInstance(name as never) !== undefined) {
        form.setFields([{ name: name as never, errors: [err.msg] }]);
        form.scrollToField(name as never);
      } else if (name) {
        form.setFields([{ name: name as never, errors: [err.msg] }]);
        setProblems([err.msg]);
      }
    },
  });

  const submit = () => {
    // Clear the last attempt's errors, then check everything against the schema the server uses.
    const all = form.getFieldsError().filter((f) => f.errors.length > 0);
    form.setFields(all.map((f) => ({ name: f.name as never, errors: [] })));
    setProblems([]);
    const values = form.getFieldsValue(true) as ProgrammeFormValues;
    const checked = checkProgrammeForm(values, creating);
    if (!checked.ok) {
      form.setFields(checked.errors.map((e) => ({ name: e.name as never, errors: e.errors })));
      setProblems(checked.messages);
      if (checked.errors[0]) form.scrollToField(checked.errors[0].name as never, { block: 'center' });
      void toast.error(`还有 ${checked.errors.length + checked.messages.length} 处需要修改`);
      return;
    }
    save.mutate({ code: checked.code ?? programme?.code ?? '', definition: checked.definition });
  };

  return (
    <div className="programme-editor">
      {toastHolder}
      <div className="admin-toolbar">
        <h2 className="programme-editor__title">{creating ? '新建项目' : `编辑项目：${programme.definition.name}（${programme.code}）`}</h2>
        <Button onClick={onCancel}>返回</Button>
      </div>
      <Form form={form} layout="vertical" initialValues={initial} scrollToFirstError>
        <section className="admin-section programme-editor__section" aria-label="基本信息">
          <h3>基本信息</h3>
          <div className="programme-editor__grid">
            {creating ? (
              <Form.Item name="code" label="项目代码" tooltip="网址中的项目标识，如 sbp（/sbp/apply），创建后不能修改" extra="小写字母开头，2至30位字母、数字或连字符">
                <Input maxLength={30} autoComplete="off" />
              </Form.Item>
            ) : null}
            <Form.Item name="name" label="项目名称">
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select options={PROGRAMME_STATUSES.map((s) => ({ value: s, label: PROGRAMME_STATUS_LABELS[s] }))} />
            </Form.Item>
            <Form.Item name="applicant_role" label="申请人">
              <Select options={APPLICANT_ROLES.map((r) => ({ value: r, label: APPLICANT_ROLE_LABELS[r] }))} />
            </Form.Item>
            <Form.Item name="apply_opens_at" label="开放申请时间">
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} placeholder="不限" />
            </Form.Item>
            <Form.Item name="apply_closes_at" label="截止申请时间">
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} placeholder="不限" />
            </Form.Item>
            <Form.Item name="ends_on" label="项目结束日期" tooltip="护照有效期须在此日期后至少六个月">
              <DatePicker style={{ width: '100%' }} placeholder="未定" />
            </Form.Item>
            <Form.Item name="summary" label="简介" className="programme-editor__wide">
              <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </div>
        </section>

        <section className="admin-section programme-editor__section" aria-label="申请资格">
          <h3>申请资格</h3>
          <div className="programme-editor__grid">
            <Form.Item name={['eligibility', 'active_types']} label="可申请的账号类型" extra="不选则所有学生账号均可申请；学生领袖项目不适用" className="programme-editor__wide">
              <Checkbox.Group options={ACTIVE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
            <Form.Item name={['eligibility', 'secondary_only']} valuePropName="checked">
              <Checkbox>仅中学生可申请（类型 1、3）</Checkbox>
            </Form.Item>
            <Form.Item name={['eligibility', 'early_batch_only']} valuePropName="checked">
              <Checkbox>仅限前批I、提前批II的同学申请</Checkbox>
            </Form.Item>
            <Form.Item name={['eligibility', 'hidden_on_amc']} valuePropName="checked">
              <Checkbox>在 AMC 站点隐藏</Checkbox>
            </Form.Item>
            <Form.Item name={['eligibility', 'required_tag']} label="须持有的用户标签" extra="如 SBP 的录取标签；留空则不限">
              <Input maxLength={60} />
            </Form.Item>
          </div>
        </section>

        <section className="admin-section programme-editor__section" aria-label="申请表">
          <h3>申请表</h3>
          <Form.List name="steps">
            {(fields, { add, remove, move }) => (
              <div className="programme-editor__steps">
                {fields.map((field, si) => (
                  <fieldset key={field.key} className="programme-editor__step" aria-label={`第 ${si + 1} 步`}>
                    <div className="programme-editor__item-head">
                      <strong>第 {si + 1} 步</strong>
                      <ItemActions index={si} count={fields.length} move={move} remove={remove} what={`第 ${si + 1} 步`} min={1} />
                    </div>
                    <div className="programme-editor__grid">
                      <Form.Item name={[field.name, 'title']} label="步骤名称">
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'key']} label="步骤标识" tooltip="小写字母开头，可含数字和下划线">
                        <Input maxLength={40} />
                      </Form.Item>
                    </div>
                    <QuestionsEditor form={form} stepIndex={field.name} />
                  </fieldset>
                ))}
                <Button
                  type="dashed"
                  disabled={fields.length >= 10}
                  onClick={() => {
                    const taken = (form.getFieldValue('steps') ?? []) as Array<{ key?: string }>;
                    add({ key: nextKey('step', taken), title: '', questions: [{ key: 'q1', label: '', type: 'text', required: true, options_text: '', upload_role: 'student' }] });
                  }}
                >
                  添加步骤
                </Button>
              </div>
            )}
          </Form.List>
        </section>

        <section className="admin-section programme-editor__section" aria-label="费用">
          <h3>费用</h3>
          <div className="programme-editor__grid">
            <Form.Item name={['fees', 'apply_fee_yuan']} label="申请费（元）" extra="0 表示不收申请费">
              <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name={['fees', 'mode']} label="项目费用" className="programme-editor__wide">
              <Radio.Group options={FEE_MODES.map((m) => ({ value: m, label: FEE_MODE_LABELS[m] }))} />
            </Form.Item>
          </div>
          <Form.Item noStyle shouldUpdate={(a: ProgrammeFormValues, b: ProgrammeFormValues) => a.fees?.mode !== b.fees?.mode}>
            {({ getFieldValue }) => {
              const mode = getFieldValue(['fees', 'mode']) as string;
              if (mode === 'none') return null;
              return (
                <div className="programme-editor__grid">
                  <Form.Item name={['fees', 'fee_yuan']} label="项目费（元）">
                    <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                  {mode === 'split' ? (
                    <>
                      <Form.Item name={['fees', 'deposit_yuan']} label="定金（元）">
                        <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                      <DueInput name="deposit_due" label="定金截止" />
                      <DueInput name="final_due" label="尾款截止" />
                    </>
                  ) : (
                    <DueInput name="whole_due" label="缴费截止" />
                  )}
                  <Form.Item name={['fees', 'parent_pay']} valuePropName="checked">
                    <Checkbox>允许家长通过链接代付</Checkbox>
                  </Form.Item>
                </div>
              );
            }}
          </Form.Item>
          <h4>课程时长（可选，学生缴费前选择，按时长定价）</h4>
          <Form.List name={['fees', 'durations']}>
            {(fields, { add, remove, move }) => (
              <div className="programme-editor__rows">
                {fields.map((field, i) => (
                  <div key={field.key} className="programme-editor__row">
                    <Form.Item name={[field.name, 'label']} label="名称">
                      <Input maxLength={200} placeholder="四周" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'key']} label="标识">
                      <Input maxLength={40} placeholder="w4" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'weeks']} label="周数">
                      <InputNumber<number> min={1} max={52} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'fee_yuan']} label="费用（元）">
                      <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
                    </Form.Item>
                    <ItemActions index={i} count={fields.length} move={move} remove={remove} what={`时长 ${i + 1}`} />
                  </div>
                ))}
                <Button disabled={fields.length >= 10} onClick={() => add({ key: `w${fields.length + 1}`, label: '', weeks: 1, fee_yuan: 0 })}>
                  添加时长
                </Button>
              </div>
            )}
          </Form.List>
        </section>

        <section className="admin-section programme-editor__section" aria-label="证件与录取类型">
          <h3>证件与录取类型</h3>
          <div className="programme-editor__grid">
            <Form.Item name={['documents', 'passport']} valuePropName="checked">
              <Checkbox>录取后须提交护照</Checkbox>
            </Form.Item>
            <Form.Item name={['documents', 'visa']} valuePropName="checked">
              <Checkbox>录取后须提交签证材料</Checkbox>
            </Form.Item>
          </div>
          <h4>录取类型（可选，如 H-week / X-week；不设置则为普通录取）</h4>
          <Form.List name="offer_types">
            {(fields, { add, remove, move }) => (
              <div className="programme-editor__rows">
                {fields.map((field, i) => (
                  <div key={field.key} className="programme-editor__row">
                    <Form.Item name={[field.name, 'label']} label="名称">
                      <Input maxLength={200} placeholder="H-week" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'key']} label="标识">
                      <Input maxLength={40} placeholder="hweek" />
                    </Form.Item>
                    <ItemActions index={i} count={fields.length} move={move} remove={remove} what={`录取类型 ${i + 1}`} />
                  </div>
                ))}
                <Button disabled={fields.length >= 10} onClick={() => add({ key: '', label: '' })}>
                  添加录取类型
                </Button>
              </div>
            )}
          </Form.List>
        </section>

        <section className="admin-section programme-editor__section" aria-label="页面内容">
          <h3>页面内容</h3>
          <Form.Item name="intro_html" label="项目介绍（公开页面与 101 页面）">
            <HtmlField label="项目介绍" />
          </Form.Item>
          <Form.Item name="course_html" label="课程页面（录取并缴纳定金后可见）">
            <HtmlField label="课程页面" />
          </Form.Item>
          <Form.Item name="announcement_html" label="公告">
            <HtmlField label="公告" />
          </Form.Item>
          <h4>每周内容（按开放时间对录取学生开放）</h4>
          <Form.List name="weeks">
            {(fields, { add, remove, move }) => (
              <div className="programme-editor__steps">
                {fields.map((field, i) => (
                  <fieldset key={field.key} className="programme-editor__step" aria-label={`周内容 ${i + 1}`}>
                    <div className="programme-editor__item-head">
                      <strong>周内容 {i + 1}</strong>
                      <ItemActions index={i} count={fields.length} move={move} remove={remove} what={`周内容 ${i + 1}`} />
                    </div>
                    <div className="programme-editor__grid">
                      <Form.Item name={[field.name, 'week']} label="第几周">
                        <InputNumber<number> min={1} max={52} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'title']} label="标题">
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'opens_at']} label="开放时间">
                        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
                      </Form.Item>
                    </div>
                    <Form.Item name={[field.name, 'content_html']} label="内容">
                      <HtmlField label={`第 ${i + 1} 项周内容`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'tasks_text']} label="任务（每行一个）">
                      <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
                    </Form.Item>
                  </fieldset>
                ))}
                <Button disabled={fields.length >= 52} onClick={() => add({ week: fields.length + 1, title: '', opens_at: null, content_html: '', tasks_text: '' })}>
                  添加周内容
                </Button>
              </div>
            )}
          </Form.List>
        </section>
        {problems.length > 0 ? <Alert type="error" showIcon title={problems.join('；')} style={{ marginBottom: 16 }} /> : null}
        <div className="admin-decision-actions programme-editor__actions">
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {creating ? '创建项目' : '保存设置'}
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </div>
      </Form>
    </div>
  );
}
