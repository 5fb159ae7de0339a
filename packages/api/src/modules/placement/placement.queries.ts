/** The placement module's published reads: when the placement results are released. */
export { isPublished, listPublications, publishAtFor, type PublicationRow } from './placement.repo.ts';
