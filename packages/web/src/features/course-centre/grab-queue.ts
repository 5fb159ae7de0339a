import { useEffect, useState } from 'react';

/**
 * A grab still unanswered after this long is waiting in the rush (decision 094): at the opening second thousands
 * of students press 抢课 together and the server answers them in turn. The page then says so instead of leaving a
 * bare spinner: the request is alive, the answer will appear by itself, pressing again or reloading does not help.
 */
export const GRAB_QUEUED_AFTER_MS = 1000;
export const GRAB_QUEUED_LABEL = '排队中…';
export const GRAB_QUEUED_NOTICE = '抢课人数较多，你的请求正在排队，结果出来后会自动显示，请不要刷新页面或重复点击。';

/** True once `pending` has lasted `afterMs` without an answer; false again as soon as the answer arrives. */
export function useQueued(pending: boolean, afterMs = GRAB_QUEUED_AFTER_MS): boolean {
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (!pending) {
      setQueued(false);
      return;
    }
    const timer = setTimeout(() => setQueued(true), afterMs);
    return () => clearTimeout(timer);
  }, [pending, afterMs]);
  return queued;
}
