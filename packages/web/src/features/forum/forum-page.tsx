import { ForumBoards } from './forum-boards.tsx';
import './forum.css';

/** /student/card/forum — 论坛: the programme's, my courses' and my house's boards (decision 102). */
export default function StudentForumPage() {
  return (
    <div className="frm-page">
      <h1>论坛</h1>
      <p className="frm-rules">论坛对老师和项目组可见，不设私信。请文明发言，不要留下微信、QQ、手机号等联系方式；含敏感词的内容需审核后才对其他同学可见。</p>
      <ForumBoards area="student" />
    </div>
  );
}
