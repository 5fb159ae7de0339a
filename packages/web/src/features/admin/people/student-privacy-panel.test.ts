// Renders the privacy panel to HTML with its answer already in the query cache, so a renamed button the browser
// test clicks, or the consent wording, fails here first.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { studentPrivacySchema, type StudentPrivacy } from '@summit/domain/api/privacy';
import { StudentPrivacyPanel } from './student-privacy-panel.tsx';
import { PRIVACY_KEYS } from './privacy-api.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';
function privacy(over: Partial<StudentPrivacy> = {}): StudentPrivacy {
  return studentPrivacySchema.parse({
    user_id: 7,
    name: '张小明',
    card_type: '居民身份证',
    id_number_masked: '1101**********002X',
    may_reveal: true,
    guardian_consent: { recorded: true, guardian_name: '张伟', guardian_relation: '父亲', consent_version: '2026-11-v1', consented_at: at },
    erased_at: null,
    ...over,
  });
}

function render(p: StudentPrivacy): string {
  const client = new QueryClient();
  client.setQueryData(PRIVACY_KEYS.student(p.user_id), p);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(StudentPrivacyPanel, { userId: p.user_id }))));
}

describe('student privacy panel', () => {
  it('shows the masked number, the reveal, the guardian consent and the export and erase actions', () => {
    const html = render(privacy());
    for (const text of ['1101**********002X', '查看完整证件号', '张伟（父亲） 于 2026-11-01 16:00 同意', '2026-11-v1', '导出个人数据（JSON）', '导出个人数据（Excel）', '删除个人数据']) {
      expect(html, text).toContain(text);
    }
  });

  it('offers no reveal without the permission or a number, says 未记录 for an old consent, and shows an erasure', () => {
    expect(render(privacy({ may_reveal: false }))).not.toContain('查看完整证件号');
    const old = render(privacy({ id_number_masked: null, guardian_consent: { recorded: false, guardian_name: '张伟', guardian_relation: '父亲', consent_version: null, consented_at: null } }));
    expect(old).not.toContain('查看完整证件号');
    expect(old).toContain('未记录');
    expect(render(privacy({ erased_at: at }))).toContain('该学生的个人数据已于 2026-11-01 16:00 删除');
  });
});
