/**
 * The programmes module's published reads (decision 077): other modules read programmes, applications and
 * programme payments through this file, never the repos.
 */
export { findProgrammeById } from './programme-portal.repo.ts';
export { findApplication, findReleasedDecision, paidFenOfCode, type ProgrammeApplicationRow, type ProgrammeRow } from './programmes.repo.ts';
