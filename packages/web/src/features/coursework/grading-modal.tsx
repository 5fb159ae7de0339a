import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import type { RubricCriterion } from '@summit/domain/coursework';
import type { GradingForm } from './coursework-api.ts';

interface Values {
  score?: number;
  points?: number[];
  comment: string;
}

/** Score by rubric (one number per criterion, summed by the server) or a plain score, and a comment. */
export function GradingModal(props: {
  title: string;
  open: boolean;
  rubric: readonly RubricCriterion[];
  maxScore: number;
  initial: { score: number | null; rubric_points: number[]; comment: string } | null;
  busy: boolean;
  onSave: (body: GradingForm) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { open, rubric, initial } = props;
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ score: initial?.score ?? undefined, points: rubric.map((_, i) => initial?.rubric_points[i] ?? 0), comment: initial?.comment ?? '' });
  }, [open, initial, rubric, form]);
  const points = Form.useWatch('points', form) ?? [];
  const total = points.reduce((s: number, p) => s + (Number(p) || 0), 0);

  return (
    <Modal title={props.title} open={open} onCancel={props.onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => props.onSave(rubric.length > 0 ? { rubric_points: (v.points ?? []).map((p) => Number(p) || 0), comment: v.comment ?? '' } : { score: v.score ?? 0, comment: v.comment ?? '' })}
      >
        {rubric.length > 0 ? (
          <>
            {rubric.map((c, i) => (
              <Form.Item key={c.name} name={['points', i]} label={`${c.name}（0–${c.points}）`} rules={[{ required: true, message: '请填写' }]}>
                <InputNumber min={0} max={c.points} step={0.5} aria-label={c.name} />
              </Form.Item>
            ))}
            <p>
              总分：<strong>{total}</strong> / {props.maxScore}
            </p>
          </>
        ) : (
          <Form.Item name="score" label={`分数（0–${props.maxScore}）`} rules={[{ required: true, message: '请填写' }]}>
            <InputNumber min={0} max={props.maxScore} step={0.5} aria-label="分数" />
          </Form.Item>
        )}
        <Form.Item name="comment" label="评语">
          <Input.TextArea rows={4} maxLength={5000} aria-label="评语" />
        </Form.Item>
        <div className="cw-form-actions">
          <Button type="primary" htmlType="submit" loading={props.busy}>
            保存评分
          </Button>
          <Button onClick={props.onClose}>取消</Button>
        </div>
      </Form>
    </Modal>
  );
}
