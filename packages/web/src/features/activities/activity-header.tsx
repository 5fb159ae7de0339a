import { ACTIVITY_WINDOW_LABELS, type ActivityWindow } from '@summit/domain/activities';
import { windowRange } from './activities-format.ts';

/** An activity's head, as the student's card and the teacher's ceremony page show it: state, kind, title, window. */
export function ActivityHeader({ activity, label, level }: { activity: { title: string; window: ActivityWindow; opens_at: string; closes_at: string }; label: string; level: 'h1' | 'h2' }) {
  const Title = level;
  return (
    <header className="act-head">
      <span className="act-head__kind">
        <span className={`act-tag act-tag--${activity.window}`}>{ACTIVITY_WINDOW_LABELS[activity.window]}</span>
        <span>{label}</span>
      </span>
      <Title>{activity.title}</Title>
      <span className="act-lead">{windowRange(activity.opens_at, activity.closes_at)}（北京时间）</span>
    </header>
  );
}
