import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { ForumBoards } from './forum-boards.tsx';
import { ForumQueue } from './forum-queue.tsx';
import './forum.css';

/**
 * /teacher/forum — 论坛: the programme's boards and those of my courses (teacher, TF) or my house (CSL), and the
 * moderation queue of the boards I look after (decision 102).
 */
export default function TeacherForumPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'queue' ? 'queue' : 'boards';
  return (
    <div className="frm-page">
      <h1>论坛</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'queue' ? { tab: 'queue' } : {})}
        items={[
          { key: 'boards', label: '版块', children: <ForumBoards area="teacher" /> },
          { key: 'queue', label: '审核队列', children: <ForumQueue /> },
        ]}
      />
    </div>
  );
}
