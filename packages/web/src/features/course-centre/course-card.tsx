import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CentreCourse } from '@summit/domain/api/course-centre';
import { categoryLabel, formatMeeting, languageLabel } from './course-format.ts';

/** One course as the course centre shows it: who, when, seats left, and whether it clashes with what I hold. */
export function CourseCard({ course, detailHref, children }: { course: CentreCourse; detailHref?: string; children?: ReactNode }) {
  const full = course.seats_left <= 0;
  return (
    <article className="cc-card" aria-label={course.title}>
      <h3>{detailHref ? <Link to={detailHref}>{course.title}</Link> : course.title}</h3>
      <div className="cc-card__meta">
        <span>{categoryLabel(course.category)}</span>
        <span>{course.code}</span>
        <span>{course.teacher_name || '待定'}</span>
        <span>{languageLabel(course.language)}</span>
        <span className={full ? 'cc-seats--full' : undefined}>{full ? '名额已满' : `余 ${course.seats_left} / ${course.capacity}`}</span>
      </div>
      {course.meetings.length > 0 ? (
        <ul className="cc-card__meetings">
          {course.meetings.map((m) => (
            <li key={m.starts_at}>
              {formatMeeting(m)}
              {m.location ? ` · ${m.location}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {course.enrolled ? <div className="adm-muted">已选</div> : null}
      {course.clashes_with ? <div className="cc-card__warn">与已选课程时间冲突：《{course.clashes_with}》</div> : null}
      {children ? <div className="cc-card__actions">{children}</div> : null}
    </article>
  );
}
