import { Button, Form, Input, Select } from 'antd';
import type { ApplyState } from '@summit/domain/api/application';
import { APPLY_LIMITS, APPLY_MSG, ENGLISH_TESTS, ESSAY_PROMPTS, activityFieldsSchema, step2FieldsSchema } from '@summit/domain/application';
import { zodRule } from '../../lib/form-rules.ts';
import { CountedInput, CountedTextArea } from '../../components/counted-text-area.tsx';
import { FileUploader } from '../../components/file-uploader.tsx';
import { STEP2_FORM_FIELDS } from './apply-model.ts';
import { useStepForm } from './use-step-form.ts';

const F = step2FieldsSchema.shape;
const A = activityFieldsSchema.shape;

/** Step 2 申请材料: two essays, English proficiency, up to five activities and an optional attachment. */
export function Step2Form({ state, accountId, onSubmitted }: { state: ApplyState; accountId: number | null; onSubmitted: (state: ApplyState) => void }) {
  const [form] = Form.useForm();
  const { saving, saveDraft, submit, markDirty, modalHolder, draftNotice } = useStepForm(2, form, STEP2_FORM_FIELDS, onSubmitted, {
    accountId,
    updatedAt: state.updated_at,
  });
  const englishTest = Form.useWatch('english_test', form) as string | undefined;

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ activities: [], ...state.step2 }}
      onValuesChange={markDirty}
      validateTrigger={['onBlur']}
      className="apply-form"
      aria-label="申请材料"
    >
      {modalHolder}
      {draftNotice}
      <fieldset className="apply-form__group">
        <legend>申请文书</legend>
        <p className="apply-form__note">
          每篇 {APPLY_LIMITS.essayMinUnits}–{APPLY_LIMITS.essayMaxUnits} 字（一个汉字或一个英文单词计 1 字）。
        </p>
        <Form.Item label="文书一：申请动机" name="essay_motivation" required rules={[zodRule(F.essay_motivation)]} extra={ESSAY_PROMPTS.essay_motivation}>
          <CountedTextArea maxUnits={APPLY_LIMITS.essayMaxUnits} autoSize={{ minRows: 6, maxRows: 16 }} placeholder={ESSAY_PROMPTS.essay_motivation} />
        </Form.Item>
        <Form.Item label="文书二：探索经历" name="essay_question" required rules={[zodRule(F.essay_question)]} extra={ESSAY_PROMPTS.essay_question}>
          <CountedTextArea maxUnits={APPLY_LIMITS.essayMaxUnits} autoSize={{ minRows: 6, maxRows: 16 }} placeholder={ESSAY_PROMPTS.essay_question} />
        </Form.Item>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>英语水平</legend>
        <Form.Item label="英语考试" name="english_test" required rules={[zodRule(F.english_test)]} validateTrigger={['onChange']}>
          <Select placeholder="请选择" options={ENGLISH_TESTS.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        {englishTest && englishTest !== 'NONE' ? (
          <Form.Item
            label="英语成绩"
            name="english_score"
            required
            rules={[{ validator: async (_r, v: unknown) => { if (typeof v !== 'string' || v.trim() === '') throw new Error(APPLY_MSG.ENGLISH_SCORE_REQUIRED); } }]}
          >
            <Input placeholder="如：托福 105 / 雅思 7.5" maxLength={APPLY_LIMITS.englishScoreMaxChars} />
          </Form.Item>
        ) : null}
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>课外活动（选填，最多{APPLY_LIMITS.activitiesMax}项）</legend>
        <Form.List name="activities">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="apply-activity" aria-label={`活动${index + 1}`}>
                  <div className="apply-activity__head">
                    <span>活动 {index + 1}</span>
                    <Button type="link" danger onClick={() => { remove(field.name); markDirty(); }}>
                      删除
                    </Button>
                  </div>
                  <Form.Item label={`活动${index + 1}名称`} name={[field.name, 'name']} required rules={[zodRule(A.name)]}>
                    <CountedInput maxUnits={APPLY_LIMITS.activityNameMaxUnits} placeholder="如：学校机器人社" />
                  </Form.Item>
                  <Form.Item label={`活动${index + 1}角色`} name={[field.name, 'role']} required rules={[zodRule(A.role)]}>
                    <CountedInput maxUnits={APPLY_LIMITS.activityRoleMaxUnits} placeholder="如：社长 / 成员" />
                  </Form.Item>
                  <Form.Item label={`活动${index + 1}描述`} name={[field.name, 'description']} required rules={[zodRule(A.description)]}>
                    <CountedTextArea maxUnits={APPLY_LIMITS.activityDescriptionMaxUnits} placeholder="你做了什么、取得了什么成果" />
                  </Form.Item>
                </div>
              ))}
              {fields.length < APPLY_LIMITS.activitiesMax ? (
                <Button block onClick={() => { add({}); markDirty(); }} className="apply-activity__add">
                  + 添加课外活动
                </Button>
              ) : null}
            </>
          )}
        </Form.List>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>附件（选填）</legend>
        <Form.Item label="补充材料" name="attachment" extra="可上传获奖证书、作品集或成绩单（PDF 或图片）">
          <FileUploader accept={APPLY_LIMITS.attachmentAccept} maxSize={APPLY_LIMITS.attachmentMaxSize} />
        </Form.Item>
      </fieldset>

      <div className="apply-actions">
        <Button onClick={() => void saveDraft()} loading={saving === 'draft'} disabled={saving !== null}>
          保存草稿
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={saving === 'submit'} disabled={saving !== null}>
          提交申请材料
        </Button>
      </div>
    </Form>
  );
}
