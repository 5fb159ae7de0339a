/** The venues module's published entry points for other modules. */
export { ensureHouses } from './venues.repo.ts';
