import { useEffect, useState } from 'react';
import type { SelectionRound } from '@summit/domain/api/course-centre';
import { countdownMs, formatCountdown } from '@summit/domain/course-allocation';
import { formatWindow } from './course-format.ts';

/**
 * The time left before the grab opens, counted on the server's clock: this browser's clock plus the offset measured
 * from /api/clock, so a phone whose clock is minutes off still opens the button at the right second.
 */
export function useServerCountdown(opensAt: string | undefined, offsetMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!opensAt || offsetMs === null) return null;
  return countdownMs(Date.parse(opensAt), now, offsetMs);
}

export function GrabCountdown({ round, left, closed }: { round: SelectionRound; left: number | null; closed: boolean }) {
  return (
    <section className="cc-countdown" aria-live="polite">
      <strong>{round.name}</strong>
      {closed ? (
        <span>选课已结束</span>
      ) : left === null ? (
        <span>正在校准时间…</span>
      ) : left > 0 ? (
        <>
          <span>距离开放抢课还有</span>
          <span className="cc-countdown__clock" data-testid="grab-countdown">
            {formatCountdown(left)}
          </span>
        </>
      ) : (
        <span className="cc-countdown__clock">抢课进行中</span>
      )}
      <span className="adm-muted">选课时间（北京时间）：{formatWindow(round.opens_at, round.closes_at)}</span>
    </section>
  );
}
