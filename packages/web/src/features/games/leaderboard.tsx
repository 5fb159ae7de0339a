import type { Leaderboard } from '@summit/domain/games';

/** The round's leaderboard: houses as bars (points), then the top students. */
export function LeaderboardView({ board, myHouseId }: { board: Leaderboard; myHouseId?: number | null }) {
  const top = Math.max(1, ...board.houses.map((h) => h.points));
  return (
    <div className="go-board">
      <section className="go-card" aria-labelledby="go-houses">
        <h3 id="go-houses">学院排行</h3>
        {board.houses.length === 0 ? (
          <p className="go-muted">还没有同学作答。</p>
        ) : (
          <ol className="go-bars" aria-label="学院得分">
            {board.houses.map((h) => (
              <li key={h.house_id} data-testid={`go-house-${h.house_id}`}>
                <span>
                  {h.name}
                  {h.house_id === myHouseId ? '（我的学院）' : ''}
                </span>
                <span className="go-bar" aria-hidden="true">
                  <span style={{ width: `${Math.round((h.points / top) * 100)}%` }} />
                </span>
                <span>{h.points} 分</span>
              </li>
            ))}
          </ol>
        )}
        <p className="go-muted">共 {board.answers} 次作答</p>
      </section>
      <section className="go-card" aria-labelledby="go-students">
        <h3 id="go-students">个人前十</h3>
        {board.students.length === 0 ? (
          <p className="go-muted">还没有同学作答。</p>
        ) : (
          <table className="go-table">
            <thead>
              <tr>
                <th scope="col">名次</th>
                <th scope="col">姓名</th>
                <th scope="col">学院</th>
                <th scope="col" className="go-num">
                  得分
                </th>
              </tr>
            </thead>
            <tbody>
              {board.students.map((s, i) => (
                <tr key={s.student_id}>
                  <td>{i + 1}</td>
                  <td>{s.name}</td>
                  <td>{s.house ?? '—'}</td>
                  <td className="go-num">{s.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
