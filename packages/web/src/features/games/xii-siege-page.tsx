import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siegeSchema, type Siege } from '@summit/domain/games';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { api } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/paths.ts';
import './games.css';

const fetchSiege = (signal?: AbortSignal) => api.get('/student/xii-siege', { schema: siegeSchema, ...(signal ? { signal } : {}) });

function SiegeMap({ siege }: { siege: Siege }) {
  const byId = new Map(siege.houses.map((h) => [h.house_id, h]));
  return (
    <ol className="go-siege" aria-label="领地地图">
      {siege.territories.map((t) => {
        const holder = t.holder === null ? null : byId.get(t.holder);
        const home = t.home_of === null ? null : byId.get(t.home_of);
        const mine = t.holder !== null && t.holder === siege.my_house_id;
        return (
          <li key={t.index} className={`go-territory${mine ? ' go-territory--mine' : ''}`} style={{ borderTopColor: holder?.colour ?? '#b3a99c' }} data-testid={`siege-${t.index}`}>
            <span className="go-territory__swatch" style={{ background: holder?.colour ?? '#ece8e2' }} aria-hidden="true" />
            <strong>{t.name}</strong>
            <span>{holder ? `${holder.name}占领` : '无人占领'}</span>
            {home && home.house_id !== holder?.house_id ? <span className="go-muted">（{home.name}的主城）</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** /xii-siege: the twelve houses' territory map, recomputed from the 学院杯 ledger on every visit. */
export default function XiiSiegePage() {
  const q = useQuery({ queryKey: ['games', 'xii-siege'], queryFn: ({ signal }) => fetchSiege(signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={6} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const s = q.data;
    const mine = s.houses.find((h) => h.house_id === s.my_house_id) ?? null;
    const ranked = [...s.houses].sort((a, b) => b.territories - a.territories || b.points - a.points);
    body = (
      <>
        {mine ? (
          <p className="go-result" data-testid="siege-mine">
            你的学院 {mine.name}：学院杯 {mine.points} 分，占领 {mine.territories} 块领地
            {mine.to_next !== null ? `；再得 ${mine.to_next} 分即可多占一块（其他学院不变时）` : '；已占领全部领地'}。
          </p>
        ) : (
          <p className="go-muted">你还没有分入学院；分院结果公布后，这里会标出你的学院。</p>
        )}
        <SiegeMap siege={s} />
        <section className="go-card" aria-labelledby="siege-houses">
          <h2 id="siege-houses">各学院战况</h2>
          <table className="go-table">
            <thead>
              <tr>
                <th scope="col">学院</th>
                <th scope="col" className="go-num">
                  学院杯积分
                </th>
                <th scope="col" className="go-num">
                  领地
                </th>
                <th scope="col" className="go-num">
                  再多一块还需
                </th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((h) => (
                <tr key={h.house_id}>
                  <td>
                    {h.name}
                    {h.house_id === s.my_house_id ? '（我的学院）' : ''}
                  </td>
                  <td className="go-num">{h.points}</td>
                  <td className="go-num">{h.territories}</td>
                  <td className="go-num">{h.to_next === null ? '—' : `${h.to_next} 分`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {s.updated_at ? <p className="go-muted">积分更新于 {new Date(s.updated_at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}</p> : null}
        </section>
        <section className="go-card" aria-labelledby="siege-rules">
          <h2 id="siege-rules">如何扩张领地</h2>
          <p className="go-muted">
            十二块领地按各学院的学院杯积分（扣除冲正后）按比例划分：每一块领地依次归属“积分 ÷（已占领地数 + 1）”最大的学院。占有至少一块领地的学院总是守住自己的主城。完成
            Mission X 任务、在才艺秀和脑力奥赛中胜出、积极参与活动，老师为学院加分，地图即时变化。
          </p>
          <Link to={PATHS.twelveHouses}>查看学院杯积分榜</Link>
        </section>
      </>
    );
  }
  return (
    <main className="go-page">
      <h1>十二学院攻城</h1>
      {body}
    </main>
  );
}
