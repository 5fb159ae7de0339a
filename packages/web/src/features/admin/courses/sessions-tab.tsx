import './structure.css';
import { ProgrammeCard } from '../site/settings-programme-card.tsx';

/**
 * 期次: the three sessions are the programme facts' windows (decision 029), not a table of their own; this tab
 * shows the same one editor as 费用与截止日期, so a session's dates change in one place (decision 039).
 */
export default function SessionsTab() {
  return (
    <div className="admin-settings">
      <p className="admin-muted">第一期、第二期、第三期的起止时间属于项目信息，在此修改与在“费用与截止日期”中修改是同一份记录；课程按期次归属，学生的期次来自录取结果。</p>
      <ProgrammeCard />
    </div>
  );
}
