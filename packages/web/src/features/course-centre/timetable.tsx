import type { CentreCourse } from '@summit/domain/api/course-centre';
import { byDay } from './course-format.ts';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';

/** What I hold, day by day (Beijing time). */
export function TimetableView({ courses }: { courses: CentreCourse[] }) {
  const days = byDay(courses);
  if (days.length === 0)
    return (
      <p className="adm-muted">
        还没有已选课程。<Link to={PATHS.coursePreview}>去课程目录挑选课程</Link>
      </p>
    );
  return (
    <div aria-label="课表">
      {days.map((d) => (
        <section key={d.day}>
          <h3 className="cc-day">{d.day}</h3>
          {d.items.map(({ course, meeting }) => (
            <div className="cc-slot" key={`${course.id}-${meeting.starts_at}`}>
              <span className="cc-slot__time">
                {dayjs(meeting.starts_at).tz('Asia/Shanghai').format('HH:mm')}–{dayjs(meeting.ends_at).tz('Asia/Shanghai').format('HH:mm')}
              </span>
              <span>
                <strong>{course.title}</strong>
                <br />
                <span className="adm-muted">
                  {course.teacher_name}
                  {meeting.location ? ` · ${meeting.location}` : ''}
                </span>
              </span>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
