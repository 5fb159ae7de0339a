import './structure.css';
import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Upload, message } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeImportError, formatMeetingsCell, parseMeetingsCell, type Course, type CourseImportError, type CourseInput, type CourseListQuery } from '@summit/domain/api/courses';
import { COURSE_CATEGORIES, COURSE_CATEGORY_LABELS, COURSE_LANGUAGES, COURSE_LANGUAGE_LABELS } from '@summit/domain/course-terms';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { CourseAssistantsPanel } from './course-assistants-panel.tsx';
import { adminCourseRosterPath } from '../../../lib/paths.ts';
import { STRUCTURE_KEYS, deleteCourse, downloadSheet, fetchCourses, fetchTeachers, fetchVenues, importCourseSheet, saveCourse } from './structure-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

/** The form: meetings as text in the sheet's own format (one per line), the venue 0 for "every venue". */
type CourseForm = Omit<CourseInput, 'meetings' | 'venue_id' | 'teacher_id'> & { meetings_text: string; venue_id: number; teacher_id?: number | null };

const ALL = 0;
const EMPTY: CourseForm = {
  code: '',
  title: '',
  teacher_id: null,
  teacher_name: '',
  category: 'major',
  session_key: 'first',
  period: 1,
  venue_id: ALL,
  capacity: 30,
  language: 'zh',
  description: '',
  syllabus: '',
  published: true,
  meetings_text: '',
};

function formOf(c: Course): CourseForm {
  return { ...c, venue_id: c.venue_id ?? ALL, meetings_text: formatMeetingsCell(c.meetings).split('; ').join('\n') };
}

function requestOf(v: CourseForm): CourseInput {
  const parsed = parseMeetingsCell(v.meetings_text ?? '');
  const { meetings_text: _t, ...rest } = { ...EMPTY, ...v };
  return { ...rest, teacher_id: v.teacher_id ?? null, venue_id: v.venue_id === ALL ? null : v.venue_id, meetings: 'meetings' in parsed ? parsed.meetings : [] };
}

/** A server field (meetings.2.ends_at) → the form field that shows it. */
function formFieldOf(field: string): keyof CourseForm {
  const head = field.split('.')[0] ?? field;
  return (head === 'meetings' ? 'meetings_text' : head) as keyof CourseForm;
}

/** 课程: filters, seats taken of capacity, a drawer with the meetings, delete, and the Excel import and export. */
export default function CoursesTab() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [form] = Form.useForm<CourseForm>();
  const [filter, setFilter] = useState<CourseListQuery>({});
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [importErrors, setImportErrors] = useState<{ msg: string; errors: CourseImportError[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const courses = useQuery({ queryKey: [...STRUCTURE_KEYS.courses, filter], queryFn: ({ signal }) => fetchCourses(filter, { signal }), placeholderData: keepPreviousData });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const teachers = useQuery({ queryKey: STRUCTURE_KEYS.teachers, queryFn: ({ signal }) => fetchTeachers({ signal }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STRUCTURE_KEYS.courses });

  const open = (course: Course | 'new') => {
    setEditing(course);
    form.resetFields();
    form.setFieldsValue(course === 'new' ? EMPTY : formOf(course));
  };
  const save = useMutation({
    mutationFn: (v: CourseForm) => saveCourse(editing === 'new' || editing === null ? null : editing.id, requestOf(v)),
    onSuccess: (course) => {
      void toast.success(`已保存：${course.code} ${course.title}`);
      setEditing(null);
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: formFieldOf(err.field), errors: [err.msg] }]);
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteCourse(id), onSuccess: () => (void toast.success('已删除'), refresh()) });

  const runImport = async (file: File) => {
    setImporting(true);
    setImportErrors(null);
    try {
      const answer = await importCourseSheet(file);
      if (answer.kind === 'ok') {
        void toast.success(answer.msg);
        refresh();
      } else if (answer.kind === 'rows') setImportErrors({ msg: answer.msg, errors: answer.errors });
      else setImportErrors({ msg: answer.msg, errors: [] });
    } finally {
      setImporting(false);
    }
  };
  const download = (path: '/admin/courses/export' | '/admin/courses/template', name: string) => void downloadSheet(path, path.endsWith('export') ? filter : {}, name).catch(() => undefined);

  const venueName = (id: number | null) => (id === null ? '全部会场' : (venues.data?.find((v) => v.id === id)?.name ?? `#${id}`));
  const venueOptions = [{ value: ALL, label: '全部会场' }, ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))];

  let body;
  if (courses.isPending) body = <LoadingState rows={6} />;
  else if (courses.isError) body = <ErrorState onRetry={() => void courses.refetch()} />;
  else
    body = (
      <AdminTable<Course>
        rowKey="id"
        dataSource={courses.data}
        loading={courses.isFetching}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: '没有符合条件的课程' }}
        columns={[
          { title: '课程', dataIndex: 'title', render: (_v, c) => `${c.code} ${c.title}` },
          { title: '类别', dataIndex: 'category', render: (v: Course['category']) => COURSE_CATEGORY_LABELS[v] },
          { title: '期次', dataIndex: 'session_key', render: (v: Course['session_key'], c) => `${SESSION_NAMES[v]} · 时段${c.period}` },
          { title: '会场', dataIndex: 'venue_id', render: (v: number | null) => venueName(v) },
          { title: '教师', dataIndex: 'teacher_name', render: (v: string) => v || '—' },
          { title: '已选/容量', dataIndex: 'taken', render: (_v, c) => <a href={adminCourseRosterPath(c.id, c.period)} aria-label={`${c.taken}/${c.capacity}，${c.title}的学生名单`}>{`${c.taken}/${c.capacity}`}</a> },
          { title: '上课时间', dataIndex: 'meetings', render: (m: Course['meetings']) => (m.length ? `${formatMeetingsCell(m.slice(0, 1))}${m.length > 1 ? ` 等 ${m.length} 次` : ''}` : '未排课') },
          {
            title: '操作',
            key: 'actions',
            render: (_v, c) => (
              <Space wrap onClick={(e) => e.stopPropagation()}>
                <Button size="small" onClick={() => open(c)}>
                  编辑
                </Button>
                <Popconfirm title={`删除课程“${c.code} ${c.title}”？`} description="删除后不可恢复（操作会记入审计日志）。" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(c.id)}>
                  <Button size="small" danger disabled={c.taken > 0} title={c.taken > 0 ? '已有学生选课，不能删除' : undefined}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    );

  return (
    <section className="admin-card admin-structure" aria-label="课程">
      {holder}
      <div className="admin-structure__bar">
        <h2>课程</h2>
        <Space wrap>
          <Button type="primary" onClick={() => open('new')}>
            新建课程
          </Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void runImport(file), false)} disabled={importing}>
            <Button loading={importing}>导入 Excel</Button>
          </Upload>
          <Button onClick={() => download('/admin/courses/export', '课程.xlsx')}>导出 Excel</Button>
          <Button onClick={() => download('/admin/courses/template', '课程导入模板.xlsx')}>下载模板</Button>
        </Space>
      </div>
      <div className="admin-filters">
        <EnumFilterSelect label="期次" placeholder="全部期次" value={filter.session_key} onChange={(v) => setFilter((f) => ({ ...f, session_key: v }))} keys={SESSION_KEYS} labels={SESSION_NAMES} />
        <EnumFilterSelect label="类别" placeholder="全部类别" value={filter.category} onChange={(v) => setFilter((f) => ({ ...f, category: v }))} keys={COURSE_CATEGORIES} labels={COURSE_CATEGORY_LABELS} />
        <EnumFilterSelect label="会场" placeholder="任意会场" value={filter.venue_id} onChange={(v) => setFilter((f) => ({ ...f, venue_id: v }))} options={[{ value: ALL, label: '仅全部会场通用' }, ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))]} />
        <Input.Search aria-label="关键词" allowClear placeholder="代码、名称或教师" onSearch={(q) => setFilter((f) => ({ ...f, q: q.trim() || undefined }))} />
      </div>
      {importErrors ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setImportErrors(null)}
          className="admin-import-errors"
          message={importErrors.msg}
          description={
            importErrors.errors.length ? (
              <ul aria-label="导入错误">
                {importErrors.errors.map((e) => (
                  <li key={`${e.row}-${e.column}`}>{describeImportError(e)}</li>
                ))}
              </ul>
            ) : null
          }
        />
      ) : null}
      {body}
      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? '新建课程' : '编辑课程'} width={isPhone ? '100%' : 560} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="code" label="课程代码" rules={[{ required: true, message: '课程代码不能为空' }]}>
            <Input maxLength={32} placeholder="如 SEM-101" />
          </Form.Item>
          <Form.Item name="title" label="课程名称" rules={[{ required: true, message: '请输入课程名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="category" label="类别" rules={[{ required: true, message: '请选择课程类别' }]}>
            <Select options={COURSE_CATEGORIES.map((k) => ({ value: k, label: COURSE_CATEGORY_LABELS[k] }))} />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="session_key" label="期次" style={{ flex: 1 }}>
              <Select options={SESSION_KEYS.map((k) => ({ value: k, label: SESSION_NAMES[k] }))} />
            </Form.Item>
            <Form.Item name="period" label="时段" style={{ flex: 1 }}>
              <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="venue_id" label="会场" extra="“全部会场”：该期所有会场的学生都可选">
            <Select options={venueOptions} />
          </Form.Item>
          <Form.Item name="teacher_id" label="任课教师账号">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="可不选（外请嘉宾）"
              options={(teachers.data ?? []).map((t) => ({ value: t.id, label: `${t.name || '未命名'}（${t.phone}）` }))}
              onChange={(id?: number) => {
                const name = teachers.data?.find((t) => t.id === id)?.name;
                if (name && !form.getFieldValue('teacher_name')) form.setFieldValue('teacher_name', name);
              }}
            />
          </Form.Item>
          <Form.Item name="teacher_name" label="教师姓名（显示）">
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="capacity" label="容量" rules={[{ required: true, message: '容量须为正整数' }]} extra={editing && editing !== 'new' && editing.taken > 0 ? `已有 ${editing.taken} 人选课，容量不能小于已选人数` : undefined}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="language" label="授课语言">
            <Select options={COURSE_LANGUAGES.map((k) => ({ value: k, label: COURSE_LANGUAGE_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="published" label="对学生发布" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="meetings_text"
            label="上课时间"
            extra="北京时间，每行一次，如 2027-07-18 09:00-10:30 @教室A"
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  const parsed = parseMeetingsCell(value ?? '');
                  if ('error' in parsed) throw new Error(parsed.error);
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3 }} placeholder="2027-07-18 09:00-10:30 @教室A" />
          </Form.Item>
          <Form.Item name="description" label="课程简介">
            <Input.TextArea maxLength={5000} autoSize={{ minRows: 3 }} />
          </Form.Item>
          <Form.Item name="syllabus" label="教学大纲">
            <Input.TextArea maxLength={20_000} autoSize={{ minRows: 4 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} block>
            保存课程
          </Button>
        </Form>
        {editing && editing !== 'new' ? <CourseAssistantsPanel courseId={editing.id} teachers={teachers.data ?? []} /> : null}
      </Drawer>
    </section>
  );
}
