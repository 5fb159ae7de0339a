import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPUS_MSG, clusterListSchema, clusterSchema, type Cluster } from '@summit/domain/campus';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import './campus.css';

const KEY = ['campus', 'clusters'] as const;
const fetchClusters = (signal?: AbortSignal) => api.get('/student/clusters', { schema: clusterListSchema, ...(signal ? { signal } : {}) });
const join = (id: number) => api.post(`/student/clusters/${id}/join`, {}, { schema: clusterSchema });
const leave = (id: number) => api.request(`/student/clusters/${id}/join`, { method: 'DELETE', schema: clusterSchema });

function ClusterCard({ c }: { c: Cluster }) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: () => (c.joined ? leave(c.id) : join(c.id)),
    onSuccess: () => {
      toast('success', c.joined ? CAMPUS_MSG.LEFT : CAMPUS_MSG.JOINED);
      void qc.invalidateQueries({ queryKey: KEY });
    },
    onError: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
  const full = !c.joined && c.members >= c.capacity;
  return (
    <li className="cp-card" data-testid={`cluster-${c.id}`}>
      <h2>{c.name}</h2>
      {c.description ? <p className="cp-muted">{c.description}</p> : null}
      <p>
        成员 {c.members} / {c.capacity}
        {c.joined ? '（已加入）' : ''}
      </p>
      <button type="button" className="cp-button" disabled={full || m.isPending} onClick={() => m.mutate()}>
        {c.joined ? '退出社团' : full ? '已满员' : '加入社团'}
      </button>
    </li>
  );
}

/** /cluster: the programme's interest clusters and clubs; a student joins while seats remain and may leave. */
export default function ClusterPage() {
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchClusters(signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={4} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.items.length === 0) body = <EmptyState description="暂无社团，敬请期待" />;
  else
    body = (
      <ul className="cp-grid">
        {q.data.items.map((c) => (
          <ClusterCard key={c.id} c={c} />
        ))}
      </ul>
    );
  return (
    <main className="cp-page">
      <h1>兴趣社团</h1>
      <p className="cp-muted">选择感兴趣的社团加入，结识来自全国的同学。每个社团人数有限，满员后暂停加入。</p>
      {body}
    </main>
  );
}
