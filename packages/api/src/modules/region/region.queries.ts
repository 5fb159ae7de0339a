/** The region module's published helpers for other modules' queries. */
export { likeContains } from './region.repo.ts';
