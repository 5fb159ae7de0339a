import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Assignment } from '@summit/domain/api/coursework';
import { UPLOAD_EXTENSIONS } from '@summit/domain/api/storage';
import { ASSIGNMENT_DEFAULT_TYPES, ASSIGNMENT_MAX_SIZE_MB } from '@summit/domain/coursework';
import { beijingWallClockToIso } from './coursework-format.ts';
import { createAssignment, updateAssignment, type AssignmentForm } from './coursework-api.ts';
import { useCwAction } from './use-coursework.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';

const RichTextEditor = lazy(() => import('../../components/rich-text-editor.tsx'));

interface Values {
  title: string;
  due: Dayjs | null;
  allowed_types: string[];
  max_size_mb: number;
  max_score: number;
  rubric: Array<{ name: string; points: number }>;
}

/** Create or edit an assignment: instructions (rich text), due time (Beijing), file types and size, rubric. */
export function AssignmentFormModal({ courseId, editing, open, onClose }: { courseId: number; editing: Assignment | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [instructions, setInstructions] = useState('');
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { title: editing.title, due: dayjs(editing.due_at).tz(), allowed_types: editing.allowed_types, max_size_mb: editing.max_size_mb, max_score: editing.max_score, rubric: editing.rubric }
        : { title: '', due: null, allowed_types: [...ASSIGNMENT_DEFAULT_TYPES], max_size_mb: 10, max_score: 100, rubric: [] },
    );
    setInstructions(editing?.instructions ?? '');
  }, [open, editing, form]);

  const save = useCwAction((body: AssignmentForm) => (editing ? updateAssignment(editing.id, body) : createAssignment(body)), editing ? '作业已保存' : '作业已布置', onClose);

  const submit = (v: Values) => {
    if (!v.due) return;
    save.mutate({ course_id: courseId, title: v.title, instructions, due_at: beijingWallClockToIso(v.due), allowed_types: v.allowed_types, max_size_mb: v.max_size_mb, max_score: v.max_score, rubric: v.rubric ?? [] });
  };

  return (
    <Modal title={editing ? '编辑作业' : '布置作业'} open={open} onCancel={onClose} footer={null} destroyOnHidden width={720}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="title" label="作业标题" rules={[{ required: true, whitespace: true, message: '输入框不能为空' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="作业要求">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            <RichTextEditor value={instructions} onChange={setInstructions} label="作业要求" minHeight={100} />
          </Suspense>
        </Form.Item>
        <Form.Item name="due" label="截止时间（北京时间）" rules={[{ required: true, message: '请选择' }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="截止时间" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="allowed_types" label="允许的文件类型" rules={[{ required: true, message: '请选择' }]}>
          <CheckboxGroupField options={UPLOAD_EXTENSIONS.map((e) => ({ label: e, value: e }))} />
        </Form.Item>
        <div className="cw-row">
          <Form.Item name="max_size_mb" label={`单个文件上限（MB，最多${ASSIGNMENT_MAX_SIZE_MB}）`} rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={1} max={ASSIGNMENT_MAX_SIZE_MB} precision={0} />
          </Form.Item>
          <Form.Item name="max_score" label="满分" rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
        </div>
        <Form.List name="rubric">
          {(fields, { add, remove }) => (
            <div>
              <div className="cw-muted">评分标准（可选；各项分值之和须等于满分）</div>
              {fields.map((f) => (
                <div className="cw-rubric-row" key={f.key}>
                  <Form.Item name={[f.name, 'name']} noStyle rules={[{ required: true, whitespace: true, message: '输入框不能为空' }]}>
                    <Input placeholder="评分项" aria-label="评分项" style={{ width: 200 }} maxLength={40} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'points']} noStyle rules={[{ required: true, message: '请填写' }]}>
                    <InputNumber placeholder="分值" aria-label="分值" min={1} max={1000} precision={0} />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>删除</Button>
                </div>
              ))}
              <Button onClick={() => add({ name: '', points: 10 })}>添加评分项</Button>
            </div>
          )}
        </Form.List>
        <div className="cw-form-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onClose}>取消</Button>
        </div>
      </Form>
    </Modal>
  );
}
