import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { TeacherCourseBrief } from '@summit/domain/api/teaching';
import { COURSE_CATEGORY_LABELS, type CourseCategory } from '@summit/domain/course-terms';
import { MSG } from '@summit/domain/messages';
import { TEACHER_TYPES } from '@summit/domain/roles';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { teacherCourseDetailPath } from '../../lib/paths.ts';
import { CourseBrief } from './course-brief.tsx';
import { TEACHING_KEYS, fetchMyCourses, fetchTeacherInfo } from './teaching-api.ts';
import { sessionName } from './teaching-format.ts';
import './teaching.css';

interface View {
  title: string;
  intro: string;
  /** Course lists: which of my courses the page lists (null: all). */
  categories?: CourseCategory[] | null;
}

/** Each teaching route that lists courses or holds guidance, by its path's first segment after /teacher/. */
const VIEWS: Record<string, View> = {
  'course-preview': { title: '课程预览', intro: '你任教或协助的全部课程。点开课程查看名单、课次与签到。', categories: null },
  'training-courses': { title: '教师培训课程', intro: '教师培训课程由项目办公室安排，以下为你参与的课程。', categories: null },
  capstone: { title: '毕业项目', intro: '你指导的毕业项目课程。', categories: ['capstone'] },
  'capstone-detail': { title: '毕业项目', intro: '', categories: ['capstone'] },
  'mc-detail': { title: '大师课', intro: '', categories: ['master_class'] },
  'teacher-profile': { title: '教师资料', intro: '' },
  'academic-resources': { title: '学术资源', intro: '教学大纲模板、学术诚信规范与课堂管理指南由项目办公室发布在教师群与邮件中；如需帮助请联系教务。' },
  hbr: { title: 'HBR 案例资源', intro: '哈佛商业评论（HBR）案例由项目统一采购，按课程在课前一周发放给任课教师。' },
  hsylcer: { title: 'HSYLCER', intro: '高中生青年领袖能力评估（HSYLCER）由 CSL 与任课教师在期末共同完成，表格随期末通知下发。' },
  cw: { title: '基石工作坊（CW）', intro: '你任教的基石工作坊课程。每位学生至少需完成 2 门基石工作坊。', categories: ['cw'] },
};

function CourseList({ courses, highlight }: { courses: TeacherCourseBrief[]; highlight: number | null }) {
  if (courses.length === 0) return <EmptyState description="暂无课程" />;
  return (
    <div className="teach-grid">
      {courses.map((c) => (
        <Link key={c.id} className="teach-card" to={teacherCourseDetailPath(c.id, c.period)} aria-current={c.id === highlight ? 'true' : undefined}>
          <h3>{c.title}</h3>
          <span className="teach-card__meta">
            <span>{c.code}</span>
            <span>{COURSE_CATEGORY_LABELS[c.category as CourseCategory] ?? c.category}</span>
            <span>
              {sessionName(c.session_key)} 第{c.period}时段
            </span>
            <span>学生 {c.taken} 人</span>
          </span>
        </Link>
      ))}
    </div>
  );
}

/**
 * The teaching routes that list my courses by kind (course preview, capstone, master class, CW, training) or give
 * guidance (academic resources, HBR, HSYLCER), and their /{id} detail forms, which point at the course page.
 */
export default function TeachingResourcesPage() {
  const { pathname } = useLocation();
  const params = useParams();
  const segment = pathname.split('/')[2] ?? '';
  const view = VIEWS[segment] ?? VIEWS['course-preview']!;
  const id = params.id ? Number(params.id) : null;
  const lists = view.categories !== undefined || segment === 'teacher-profile';
  const q = useQuery({ queryKey: TEACHING_KEYS.courses, queryFn: ({ signal }) => fetchMyCourses(signal), enabled: lists });
  const me = useQuery({ queryKey: TEACHING_KEYS.me, queryFn: ({ signal }) => fetchTeacherInfo(signal), enabled: segment === 'teacher-profile' });

  let body;
  if (!lists) body = <p className="teach-section">{view.intro}</p>;
  else if (q.isPending) body = <LoadingState rows={4} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const courses = q.data.courses.filter((c) => !view.categories || view.categories.includes(c.category as CourseCategory));
    if (segment === 'teacher-profile') {
      const info = me.data;
      body = (
        <>
          <section className="teach-section" aria-label="基本资料">
            <h2>基本资料</h2>
            {me.isPending ? (
              <LoadingState rows={2} />
            ) : me.isError || !info ? (
              <ErrorState onRetry={() => void me.refetch()} />
            ) : (
              <dl className="teach-profile">
                <dt>姓名</dt>
                <dd>{info.name || '—'}</dd>
                <dt>身份</dt>
                <dd>
                  {TEACHER_TYPES[info.type as keyof typeof TEACHER_TYPES] ?? '教师'}
                  {info.is_admin ? '（管理员）' : ''}
                </dd>
                <dt>手机</dt>
                <dd>{info.phone}</dd>
                <dt>任课与助教</dt>
                <dd>
                  {q.data.courses.some((c) => c.access === 'admin')
                    ? `可管理全部课程（${q.data.courses.length} 门）`
                    : `任课 ${q.data.courses.filter((c) => c.access === 'teacher').length} 门 · 助教 ${q.data.courses.filter((c) => c.access === 'assistant').length} 门`}
                </dd>
              </dl>
            )}
          </section>
          <section className="teach-section">
            <h2>我的课程</h2>
            <CourseList courses={q.data.courses} highlight={null} />
          </section>
        </>
      );
    } else if (id !== null && !courses.some((c) => c.id === id)) {
      // A course id outside my courses: the same answer the course page gives, and nothing of the course.
      body = <ForbiddenState title={MSG.NO_PERMISSION} detail="这门课程不在你的任课或助教范围内。" />;
    } else {
      const picked = id !== null ? courses.find((c) => c.id === id) : undefined;
      body = picked ? (
        <CourseBrief courseId={picked.id} period={picked.period} />
      ) : (
        <>
          {view.intro ? <p className="teach-muted">{view.intro}</p> : null}
          <CourseList courses={courses} highlight={id} />
        </>
      );
    }
  }
  return (
    <div className="teach-page">
      <h1 className="page__title">{view.title}</h1>
      {body}
    </div>
  );
}
