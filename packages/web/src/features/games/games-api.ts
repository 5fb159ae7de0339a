import { createParser } from 'eventsource-parser';
import { answerResultSchema, roundStateSchema, studentBrainOlympicsSchema, teacherBrainOlympicsSchema, teacherRoundSchema, type MyAnswer, type QuizRoundInput, type RoundState, type TeacherRound } from '@summit/domain/games';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';

/** 脑力奥赛's calls (decision 105). */
export const GAMES_KEYS = {
  student: ['games', 'brain-olympics', 'student'] as const,
  teacher: ['games', 'brain-olympics', 'teacher'] as const,
};

const s = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchStudentQuiz = (signal?: AbortSignal) => api.get('/student/brain-olympics', { schema: studentBrainOlympicsSchema, ...s(signal) });
export const fetchTeacherQuiz = (signal?: AbortSignal) => api.get('/teacher/brain-olympics', { schema: teacherBrainOlympicsSchema, ...s(signal) });
export const sendAnswer = (questionId: number, choice: number): Promise<MyAnswer> => api.post(`/student/brain-olympics/questions/${questionId}/answer`, { choice }, { schema: answerResultSchema });
export const createRound = (body: QuizRoundInput): Promise<TeacherRound> => api.post('/teacher/brain-olympics', body, { schema: teacherRoundSchema, fieldNames: ['activity_id', 'title', 'questions'] });
export const pushNext = (roundId: number): Promise<TeacherRound> => api.post(`/teacher/brain-olympics/rounds/${roundId}/push`, {}, { schema: teacherRoundSchema });
export const endRound = (roundId: number): Promise<TeacherRound> => api.post(`/teacher/brain-olympics/rounds/${roundId}/end`, {}, { schema: teacherRoundSchema });

export type StreamStatus = 'connecting' | 'live' | 'retrying';

/**
 * Holds the round's live stream: a fetch with the bearer header (EventSource cannot send one, and a token never goes
 * in a URL), parsed as server-sent events; on a drop it reconnects with backoff, and the first event after a
 * reconnect carries the whole state, so nothing is missed. Returns a stop function.
 */
export function openRoundStream(role: 'student' | 'teacher', roundId: number, onState: (state: RoundState) => void, onStatus: (status: StreamStatus) => void): () => void {
  const stop = new AbortController();
  let delay = 500;
  const run = async () => {
    while (!stop.signal.aborted) {
      try {
        const token = authStorage.currentToken();
        const res = await fetch(`/api/${role}/brain-olympics/rounds/${roundId}/stream`, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: stop.signal,
          cache: 'no-store',
        });
        if (!res.ok || !res.body) throw new Error(String(res.status));
        onStatus('live');
        delay = 500;
        const parser = createParser({
          onEvent(event) {
            if (event.event !== 'state') return;
            const parsed = roundStateSchema.safeParse(JSON.parse(event.data));
            if (parsed.success) onState(parsed.data);
          },
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // Dropped or refused: try again below.
      }
      if (stop.signal.aborted) return;
      onStatus('retrying');
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  onStatus('connecting');
  void run();
  return () => stop.abort();
}

/** Milliseconds left to answer, on the server's clock (offset = server − local, measured when the state arrived). */
export function msLeft(closesAt: string, offsetMs: number, localNow = Date.now()): number {
  return Math.max(0, new Date(closesAt).getTime() - (localNow + offsetMs));
}
