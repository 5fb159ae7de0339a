import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG, formatMessage } from '@summit/domain/messages';
import type { ProgrammeQuestion } from '@summit/domain/programmes';
import { FileUploader } from '../../components/file-uploader.tsx';
import { acceptOf, isAnswered, type FormValue } from './apply-model.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';

const DEFAULT_MAX_LENGTH = 2000;

/** DatePicker speaks dayjs; the answer is a Beijing calendar date string. */
function DateField({ value, onChange, disabled, id }: { value?: string; onChange?: (v: string | undefined) => void; disabled?: boolean; id?: string }) {
  const parsed = value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <DatePicker
      id={id}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      disabled={disabled}
      placeholder="请选择日期"
      style={{ width: '100%' }}
      inputReadOnly
    />
  );
}


function control(question: ProgrammeQuestion, disabled: boolean) {
  const options = (question.options ?? []).map((o) => ({ label: o, value: o }));
  switch (question.type) {
    case 'text':
      return <Input maxLength={question.max_length ?? 200} disabled={disabled} placeholder="请输入" />;
    case 'textarea':
      return <Input.TextArea showCount maxLength={question.max_length ?? DEFAULT_MAX_LENGTH} autoSize={{ minRows: 3, maxRows: 10 }} disabled={disabled} placeholder="请输入" />;
    case 'radio':
      return <Radio.Group options={options} disabled={disabled} className="programme-choice" />;
    case 'checkbox':
      return <CheckboxGroupField options={options} disabled={disabled} className="programme-choice" />;
    case 'select':
      return <Select options={options} disabled={disabled} placeholder="请选择" allowClear />;
    case 'date':
      return <DateField disabled={disabled} />;
    case 'upload':
      return <FileUploader accept={acceptOf(question)} maxSize="20MB" disabled={disabled} />;
  }
}

/** One question of a programme's form, by its type, with the required check the API also makes. */
export function QuestionField({ question, disabled }: { question: ProgrammeQuestion; disabled: boolean }) {
  return (
    <Form.Item
      name={question.key}
      label={question.label}
      extra={question.hint}
      required={question.required}
      rules={[
        {
          validator: (_rule, value: FormValue) =>
            !question.required || isAnswered(question, value) ? Promise.resolve() : Promise.reject(new Error(formatMessage(MSG.PROGRAMME_ANSWER_REQUIRED, question.label))),
        },
      ]}
    >
      {control(question, disabled)}
    </Form.Item>
  );
}
