export const SPARES_ENV = 'E2E_SPARE_STUDENTS';
export const SPARE_PURPOSES = ['reset', 'sms', 'common-password'] as const;
export type SparePurpose = (typeof SPARE_PURPOSES)[number];

/** A student registered with complete info by global setup, one per project and purpose. */
export interface SpareStudent {
  phone: string;
  password: string;
  name: string;
}

export function spareStudentFor(project: string, purpose: SparePurpose): SpareStudent {
  const raw = process.env[SPARES_ENV];
  if (!raw) throw new Error(`${SPARES_ENV} is not set: global setup did not run`);
  const spare = (JSON.parse(raw) as Record<string, SpareStudent>)[`${project}:${purpose}`];
  if (!spare) throw new Error(`No spare student for ${project}:${purpose}`);
  return spare;
}
