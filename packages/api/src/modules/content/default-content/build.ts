/** Small builders that keep the default-content files readable. Output is already within the sanitiser's allow-list. */
import type { PageDocument } from '@summit/domain';

export interface DefaultPage {
  title: string;
  description: string;
  document: PageDocument;
}

/** Paragraphs. */
export const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');
/** A bullet list. */
export const ul = (...items: string[]) => `<ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul>`;
/** A numbered list. */
export const ol = (...items: string[]) => `<ol>${items.map((t) => `<li>${t}</li>`).join('')}</ol>`;

type Section = PageDocument['sections'][number];

export function page(title: string, description: string, hero: { title?: string; subtitle: string }, sections: Section[]): DefaultPage {
  return { title, description, document: { hero: { title: hero.title ?? title, subtitle: hero.subtitle }, sections } };
}
