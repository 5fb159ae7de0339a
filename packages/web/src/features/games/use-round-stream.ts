import { useEffect, useState } from 'react';
import type { RoundState } from '@summit/domain/games';
import { openRoundStream, type StreamStatus } from './games-api.ts';

/** The latest state of a round from its live stream (null until the first event). */
export function useRoundStream(role: 'student' | 'teacher', roundId: number | null): { state: RoundState | null; status: StreamStatus } {
  const [state, setState] = useState<RoundState | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  useEffect(() => {
    setState(null);
    if (roundId === null) return;
    return openRoundStream(role, roundId, setState, setStatus);
  }, [role, roundId]);
  return { state, status };
}

/** Re-renders every `ms` while `on`. */
export function useTick(on: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [on, ms]);
  return now;
}

export const STREAM_LABEL: Record<StreamStatus, string> = { connecting: '正在连接…', live: '实时连接中', retrying: '连接中断，正在重连…' };
