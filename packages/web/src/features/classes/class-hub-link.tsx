import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { CLASS_KEYS, fetchOverview } from './classes-api.ts';

/**
 * The way into the class hub (学习中心) for pages outside it (我的会场与选课, 我的账户): shown once the student holds
 * a course, nothing before (or when the overview cannot be read: the page it sits on still works).
 */
export function ClassHubLink({ testId, asButton = false, className }: { testId: string; asButton?: boolean; className?: string }) {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  if (!q.data || q.data.courses.length === 0) return null;
  return asButton ? (
    <Button type="primary" data-testid={testId} onClick={() => void navigate(PATHS.classManage)}>
      学习中心
    </Button>
  ) : (
    <Link className={className} to={PATHS.classManage} data-testid={testId}>
      进入学习中心
    </Link>
  );
}
