import { Tag } from 'antd';
import { APPLICATION_STATE_LABELS, type ApplicationState } from '@summit/domain/programmes';

const STATE_COLORS: Record<ApplicationState, string> = {
  not_started: 'default',
  draft: 'default',
  awaiting_fee: 'gold',
  submitted: 'blue',
  admitted: 'green',
  rejected: 'red',
  waitlisted: 'orange',
};

/** An application's state as the applicant sees it, coloured. */
export function StateTag({ state }: { state: ApplicationState }) {
  return <Tag color={STATE_COLORS[state]}>{APPLICATION_STATE_LABELS[state]}</Tag>;
}
