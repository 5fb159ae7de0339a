import { describe, expect, it } from 'vitest';
import type { MyProgramme } from '@summit/domain/api/programmes';
import { programmeEntry } from './my-programmes-card.tsx';

const row = (code: string, state: MyProgramme['state']): MyProgramme => ({ code, name: code, summary: '', state, eligibility_msg: null, window_msg: null });

describe('其他项目 on 我的账户: each programme’s next step', () => {
  it('sends an admitted student to the programme’s portal, where it has one', () => {
    expect(programmeEntry(row('hxweek', 'admitted'))).toEqual({ to: '/hx-week/pay', label: '查看录取与下一步' });
    expect(programmeEntry(row('summer-lab', 'admitted'))).toEqual({ to: '/programmes/summer-lab', label: '查看录取与下一步' });
    // Volunteers have no portal: their application page says 已录取.
    expect(programmeEntry(row('volunteer', 'admitted'))).toEqual({ to: '/volunteer/apply', label: '查看申请' });
  });

  it('otherwise to the form: to start, to go on, or to read it', () => {
    expect(programmeEntry(row('ssi', 'not_started'))).toEqual({ to: '/csi/apply', label: '立即申请' });
    expect(programmeEntry(row('sbp', 'draft'))).toEqual({ to: '/sbp/apply', label: '继续填写' });
    expect(programmeEntry(row('deans-list', 'submitted'))).toEqual({ to: '/deans-list/apply', label: '查看申请' });
  });
});
