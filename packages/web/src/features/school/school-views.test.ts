// Renders the school portal's detail views to HTML with realistic answers: a component that throws while
// rendering, or a label the browser journey looks for, fails here first.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import AntdRoot from '../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { schoolStudentDetailSchema, schoolStudentHistorySchema } from '@summit/domain/api/school';
import { HistoryView, StudentDetailView } from './student-drawer.tsx';
import { filterQuery } from './school-api.ts';
import { offerPlace, recommendState, stepLabel } from './school-format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';
const base = {
  user_id: 7,
  name: '张小明',
  phone: '138****8000',
  grade: '高二',
  signup_status: 'applied',
  step: 2,
  batch: 'EB1',
  apply_paid: true,
  decision: 'offer',
  session: '第一期',
  track: '人文社科',
  tuition_paid: false,
  venue: null,
  step1_submitted_at: at,
  step2_submitted_at: at,
  recommended: false,
  registered_at: at,
};

const render = (node: ReturnType<typeof createElement>) => renderToString(createElement(AntdRoot, null, node));

describe('school portal views', () => {
  it('shows the student with paid flags only, the offer and no amount', () => {
    const d = schoolStudentDetailSchema.parse({ ...base, email: null, house: null, offer_released_at: at, recommendation: null });
    const html = render(createElement(StudentDetailView, { d }));
    for (const text of ['张小明', '138****8000', '已提交第二步', '提前批I', '录取', '第一期 · 人文社科', '已缴', '未缴']) expect(html, text).toContain(text);
    expect(html).not.toMatch(/¥|元/);
  });

  it('lists the history by programme year with its events in Beijing time', () => {
    const h = schoolStudentHistorySchema.parse({
      user_id: 7,
      name: '张小明',
      years: [
        {
          programme_year: 2027,
          signup_status: 'applied',
          batch: 'EB1',
          decision: 'none',
          session: null,
          track: null,
          tuition_paid: false,
          venue: null,
          recommendation: null,
          events: [{ label: '提交申请第一步', at }],
        },
      ],
    });
    const html = render(createElement(HistoryView, { h }));
    for (const text of ['历年记录', '2027 年度', '未公布', '提交申请第一步 · 2026-11-01 16:00']) expect(html, text).toContain(text);
  });

  it('formats steps and places, and sends only the filters that are set', () => {
    expect([stepLabel(0), stepLabel(1), stepLabel(2)]).toEqual(['未申请', '第一步', '第二步']);
    expect(offerPlace(null, null)).toBe('—');
    expect(filterQuery({ q: '张', batch: undefined, decision: 'offer', applied: 'true' })).toEqual({ q: '张', decision: 'offer', applied: 'true' });
  });
});

describe('recommendState', () => {
  it('refuses before the student applied and once they are admitted or not admitted; open otherwise', () => {
    expect(recommendState({ step: 0, decision: 'none' })).toBe('not_applied');
    expect(recommendState({ step: 2, decision: 'offer' })).toBe('decided');
    expect(recommendState({ step: 1, decision: 'reject' })).toBe('decided');
    expect(recommendState({ step: 2, decision: 'waitlist' })).toBe('open');
    expect(recommendState({ step: 1, decision: 'none' })).toBe('open');
  });
});
