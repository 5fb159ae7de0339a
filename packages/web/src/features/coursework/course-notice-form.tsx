import { Button, Form, Input } from 'antd';
import { toast } from '../../lib/notifier.ts';
import { sendNotice } from './coursework-api.ts';
import { useCwAction } from './use-coursework.ts';

/** POST /api/teacher/notice: an in-app message to every student of the course. Embeddable. */
export function CourseNoticeForm({ courseId }: { courseId: number }) {
  const [form] = Form.useForm<{ title: string; body: string }>();
  const send = useCwAction((v: { title: string; body: string }) => sendNotice({ course_id: courseId, ...v }), undefined, (r) => {
    form.resetFields();
    toast('success', `通知已发送给 ${r.sent} 名学生`);
  });
  return (
    <section className="cw-section cw-card" aria-label="发送课程通知">
      <h3>发送课程通知</h3>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => send.mutate(v)}>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '输入框不能为空' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="body" label="内容" rules={[{ required: true, whitespace: true, message: '未填写' }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          发送
        </Button>
      </Form>
    </section>
  );
}
