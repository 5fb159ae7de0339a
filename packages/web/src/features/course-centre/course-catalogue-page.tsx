import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { COURSE_CATEGORIES, COURSE_CATEGORY_LABELS, type CourseCategory } from '@summit/domain/course-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { CourseCard } from './course-card.tsx';
import { CourseNav } from './course-nav.tsx';
import { CC_KEYS, addCart, addWish, fetchCourses, joinWaitlist } from './course-centre-api.ts';
import { useCentreAction } from './use-centre.ts';
import './course-centre.css';

/**
 * /course/preview/list (the catalogue, every category) and /seminar (seminars only): the courses of my session and
 * venue, filtered by category, keyword and period, with seats left and clashes; add to wish list or cart from here.
 */
export default function CourseCataloguePage() {
  const seminarOnly = useLocation().pathname === PATHS.seminar;
  const [category, setCategory] = useState<CourseCategory | undefined>(seminarOnly ? 'seminar' : undefined);
  const [keyword, setKeyword] = useState('');
  const [period, setPeriod] = useState<number | undefined>();
  const filter = { category: seminarOnly ? 'seminar' : category, keyword: keyword.trim() || undefined, period };
  const list = useQuery({ queryKey: CC_KEYS.courses(filter), queryFn: ({ signal }) => fetchCourses(filter, signal) });
  const wish = useCentreAction(addWish, '已加入志愿单');
  const cart = useCentreAction(addCart, '已加入选课车');
  const wait = useCentreAction(joinWaitlist, '已加入候补名单');

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <EmptyState description="没有符合条件的课程。" />;
  else
    body = (
      <div className="cc-grid">
        {list.data.map((c) => (
          <CourseCard key={c.id} course={c} detailHref={PATHS.seminarDetail.replace(':id', String(c.id))}>
            {c.enrolled ? null : (
              <>
                <Button disabled={c.in_wish} onClick={() => wish.mutate(c.id)}>
                  {c.in_wish ? '已在志愿单' : '加入志愿'}
                </Button>
                <Button type="primary" disabled={c.in_cart} onClick={() => cart.mutate(c.id)}>
                  {c.in_cart ? '已在选课车' : '加入选课车'}
                </Button>
                {c.seats_left <= 0 && !c.waitlisted ? <Button onClick={() => wait.mutate(c.id)}>加入候补</Button> : null}
                {c.waitlisted ? <span className="adm-muted">候补中</span> : null}
              </>
            )}
          </CourseCard>
        ))}
      </div>
    );

  return (
    <div className="cc-page">
      <h1 className="page__title">{seminarOnly ? '研讨课' : '课程目录'}</h1>
      <CourseNav />
      <div className="cc-filters">
        {seminarOnly ? null : (
          <Select
            aria-label="课程类别"
            allowClear
            placeholder="全部类别"
            value={category}
            onChange={(v: CourseCategory | undefined) => setCategory(v)}
            options={COURSE_CATEGORIES.map((c) => ({ value: c, label: COURSE_CATEGORY_LABELS[c] }))}
            size="large"
          />
        )}
        <Input.Search aria-label="搜索课程" placeholder="课程名称、代码或老师" allowClear size="large" onSearch={setKeyword} />
        <Select aria-label="时段" allowClear placeholder="全部时段" value={period} onChange={(v: number | undefined) => setPeriod(v)} options={[1, 2, 3, 4].map((p) => ({ value: p, label: `第${p}时段` }))} size="large" />
      </div>
      {body}
    </div>
  );
}
