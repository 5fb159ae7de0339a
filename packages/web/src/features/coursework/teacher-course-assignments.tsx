import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Assignment } from '@summit/domain/api/coursework';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { teacherAssignmentDetailPath } from '../../lib/paths.ts';
import { AssignmentFormModal } from './assignment-form-modal.tsx';
import { formatTime } from './coursework-format.ts';
import { CW_KEYS, deleteAssignment, fetchTeacherAssignments } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';
import './coursework.css';

/** A course's assignments for its teacher: create, edit, delete, and counts of who handed in. Embeddable. */
export function TeacherCourseAssignments({ courseId }: { courseId: number }) {
  const list = useQuery({ queryKey: CW_KEYS.teacherAssignments(courseId), queryFn: ({ signal }) => fetchTeacherAssignments(courseId, signal) });
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useCwAction(deleteAssignment, '作业已删除');

  if (list.isPending) return <LoadingState rows={3} />;
  if (list.isError) return isNoPermission(list.error) ? <ForbiddenState title="无权限访问！" detail="这不是您任教的课程。" /> : <ErrorState onRetry={() => void list.refetch()} />;

  return (
    <section className="cw-section" aria-label="课程作业">
      <div className="cw-row">
        <h2>作业</h2>
        <Button
          type="primary"
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          布置作业
        </Button>
      </div>
      {list.data.length === 0 ? <EmptyState description="还没有布置作业。" /> : null}
      {list.data.map((a) => (
        <article className="cw-card" key={a.id} aria-label={a.title}>
          <h3>{a.title}</h3>
          <div className="cw-row cw-muted">
            <span>截止：{formatTime(a.due_at)}</span>
            <span>
              已提交 {a.submitted}/{a.enrolled}
            </span>
            <span>已评分 {a.graded}</span>
            <span>满分 {a.max_score}</span>
          </div>
          <div className="cw-form-actions">
            <Link to={teacherAssignmentDetailPath(a.id)}>
              <Button>查看提交</Button>
            </Link>
            <Button
              onClick={() => {
                setEditing(a);
                setOpen(true);
              }}
            >
              编辑
            </Button>
            <Popconfirm title="删除作业将同时删除学生的提交，确定删除？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(a.id)}>
              <Button danger>删除</Button>
            </Popconfirm>
          </div>
        </article>
      ))}
      <AssignmentFormModal courseId={courseId} editing={editing} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
