import { useState } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import dayjs from 'dayjs';
import { COURSE_ADMIN_MSG, ENROLMENT_SOURCE_LABEL, type CourseRoster, type CourseRosterCandidate } from '@summit/domain/api/course-admin';
import { SESSION_NAMES } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { ROSTER_KEYS, addToCourse, fetchCandidates, fetchRoster, removeFromCourse } from './course-admin-api.ts';
import { CourseAssignmentsCard } from './course-assignments-card.tsx';
import { CourseCertificatesCard } from './course-certificates-card.tsx';
import { CourseDetailNav } from './course-detail-nav.tsx';
import './course-admin.css';

const formatTime = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

type Person = { student_id: number; name: string; phone: string; school: string; house: string | null };

function Facts({ p }: { p: Person }) {
  return (
    <span className="ca-facts">
      <span>{p.phone}</span>
      <span>{p.school || '学校未填写'}</span>
      <span>{p.house ? `${p.house}学院` : '未分学院'}</span>
    </span>
  );
}

/** /admin/course-detail/{id}/{period}/students: the course's students and waitlist; the admin adds or removes a student. */
export default function CourseRosterPage() {
  const params = useParams();
  const courseId = Number(params.courseId);
  const period = Number(params.period);
  const valid = Number.isInteger(courseId) && courseId > 0 && Number.isInteger(period) && period > 0;
  const client = useQueryClient();
  const roster = useQuery({ queryKey: ROSTER_KEYS.roster(courseId, period), queryFn: ({ signal }) => fetchRoster(courseId, period, signal), enabled: valid });
  const [keyword, setKeyword] = useState('');
  const candidates = useQuery({
    queryKey: ROSTER_KEYS.candidates(courseId, period, keyword),
    queryFn: ({ signal }) => fetchCandidates(courseId, period, keyword, signal),
    enabled: valid && keyword !== '',
  });
  const onChanged = (data: CourseRoster, msg: string) => {
    client.setQueryData(ROSTER_KEYS.roster(courseId, period), data);
    toast('success', msg);
  };
  const settle = () => client.invalidateQueries({ queryKey: ROSTER_KEYS.all });
  const add = useMutation({ mutationFn: (studentId: number) => addToCourse(courseId, period, studentId), onSuccess: (d) => onChanged(d, COURSE_ADMIN_MSG.ADDED), onSettled: settle });
  const remove = useMutation({ mutationFn: (studentId: number) => removeFromCourse(courseId, period, studentId), onSuccess: (d) => onChanged(d, COURSE_ADMIN_MSG.REMOVED), onSettled: settle });

  if (!valid)
    return (
      <div className="ca-page">
        <ErrorState title={COURSE_ADMIN_MSG.COURSE_NOT_FOUND} />
      </div>
    );
  if (roster.isPending)
    return (
      <div className="ca-page">
        <LoadingState rows={6} />
      </div>
    );
  if (roster.isError)
    return (
      <div className="ca-page">
        <ErrorState detail={roster.error instanceof Error ? roster.error.message : undefined} onRetry={() => void roster.refetch()} />
      </div>
    );

  const { course, students, waitlist } = roster.data;
  const busy = add.isPending || remove.isPending;
  return (
    <div className="ca-page">
      <CourseDetailNav courseId={courseId} period={period} current="students" />
      <p className="ca-muted">
        {course.code} · {SESSION_NAMES[course.session_key]} · 时段{course.period} · {course.venue ?? '全部会场'} · {course.teacher_name}
      </p>
      <h1>{course.title}</h1>
      <p className="ca-muted">
        已选 {course.taken}/{course.capacity} 人 · 候补 {waitlist.length} 人
      </p>

      <section className="ca-section" aria-label="添加学生">
        <h2>添加学生</h2>
        <Input.Search
          className="ca-search"
          placeholder="输入姓名或手机号"
          enterButton="搜索"
          allowClear
          maxLength={40}
          aria-label="搜索学生"
          onSearch={(v) => setKeyword(v.trim())}
        />
        <p className="ca-muted">只列出本期、本会场已缴费的学生。</p>
        {keyword === '' ? null : candidates.isPending ? (
          <LoadingState rows={2} />
        ) : candidates.isError ? (
          <ErrorState onRetry={() => void candidates.refetch()} />
        ) : candidates.data.length === 0 ? (
          <EmptyState description="没有符合条件的学生" />
        ) : (
          <ul className="ca-list" aria-label="搜索结果">
            {candidates.data.map((c: CourseRosterCandidate) => (
              <li className="ca-card" key={c.student_id} aria-label={c.name}>
                <div>
                  <h3>{c.name}</h3>
                  <Facts p={c} />
                </div>
                {c.enrolled ? (
                  <span className="ca-tag">已在本课程</span>
                ) : (
                  <Button type="primary" disabled={busy} onClick={() => add.mutate(c.student_id)}>
                    添加
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ca-section" aria-label="已选学生">
        <h2>已选学生（{students.length}）</h2>
        {students.length === 0 ? (
          <EmptyState description="还没有学生选这门课" />
        ) : (
          <ul className="ca-list">
            {students.map((s) => (
              <li className="ca-card" key={s.student_id} aria-label={s.name}>
                <div>
                  <h3>{s.name}</h3>
                  <Facts p={s} />
                  <span className="ca-facts">
                    <span className="ca-tag">{ENROLMENT_SOURCE_LABEL[s.source]}</span>
                    <span>{formatTime(s.enrolled_at)}</span>
                  </span>
                </div>
                <Popconfirm title={`将${s.name}移出本课程？`} description="候补名单中的第一位可选学生会自动递补。" okText="移除" cancelText="取消" onConfirm={() => remove.mutate(s.student_id)}>
                  <Button danger disabled={busy}>
                    移除
                  </Button>
                </Popconfirm>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ca-section" aria-label="候补名单">
        <h2>候补名单（{waitlist.length}）</h2>
        {waitlist.length === 0 ? (
          <EmptyState description="暂无候补学生" />
        ) : (
          <ul className="ca-list">
            {waitlist.map((w) => (
              <li className="ca-card" key={w.student_id} aria-label={w.name}>
                <div>
                  <h3>
                    {w.position}. {w.name}
                  </h3>
                  <Facts p={w} />
                </div>
                <span className="ca-muted">{formatTime(w.joined_at)} 加入候补</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CourseAssignmentsCard courseId={courseId} />
      <CourseCertificatesCard courseId={courseId} />
    </div>
  );
}
