import type { ReactNode } from 'react';
import type { PageDocument, PageSection } from '@summit/domain/content';
import { initialsOf } from '@summit/domain/page-markup';
import './page-document-view.css';

// One definition for the prerendered HTML (domain page-markup) and this component.
export { initialsOf };

/**
 * Renders a content page (hero and sections) as plain markup: the public info pages and the admin preview
 * use this one component, so what an editor previews is what a visitor gets. No antd here: the info pages
 * must stay off antd's bundle (home-page budget).
 *
 * Rich text goes in through dangerouslySetInnerHTML only because the server sanitises every write with an
 * allow-list (decision 013); nothing typed in the browser reaches this component unsanitised except the
 * admin's own unsaved draft in the preview, which is their own input on their own screen.
 */
export function PageDocumentView({ document, heroActions, footer }: { document: PageDocument; heroActions?: ReactNode; footer?: ReactNode }) {
  const toc = document.sections.length >= 3 ? document.sections : [];
  return (
    <article className="doc">
      <header className="doc-hero">
        <div className="doc-hero__inner">
          <h1 className="doc-hero__title">{document.hero.title}</h1>
          {document.hero.subtitle ? <p className="doc-hero__subtitle">{document.hero.subtitle}</p> : null}
          {heroActions ? <div className="doc-hero__actions">{heroActions}</div> : null}
        </div>
      </header>
      <div className="doc-body">
        {toc.length > 0 ? (
          <nav className="doc-toc" aria-label="本页目录">
            {toc.map((section) => (
              <a key={section.id} href={`#${section.id}`} className="doc-toc__link">
                {section.heading}
              </a>
            ))}
          </nav>
        ) : null}
        {document.sections.map((section) => (
          <SectionView key={section.id} section={section} />
        ))}
        {footer}
      </div>
    </article>
  );
}

function SectionView({ section }: { section: PageSection }) {
  return (
    <section id={section.id} className="doc-section" aria-labelledby={`${section.id}-heading`}>
      <h2 id={`${section.id}-heading`} className="doc-section__heading">
        {section.heading}
      </h2>
      {section.html ? <RichText html={section.html} /> : null}
      {section.items ? <ItemsView items={section.items} /> : null}
    </section>
  );
}

function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ItemsView({ items }: { items: NonNullable<PageSection['items']> }) {
  switch (items.kind) {
    case 'faq':
      return (
        <div className="doc-faq">
          {items.entries.map((entry, i) => (
            <details key={i} className="doc-faq__item">
              <summary className="doc-faq__q">{entry.q}</summary>
              <RichText html={entry.a} />
            </details>
          ))}
        </div>
      );
    case 'people':
      return (
        <ul className="doc-people">
          {items.entries.map((person, i) => (
            <li key={i} className="doc-person">
              <span className="doc-person__avatar" aria-hidden="true">
                {person.initials || initialsOf(person.name)}
              </span>
              <div className="doc-person__text">
                <p className="doc-person__name">{person.name}</p>
                <p className="doc-person__title">{person.title}</p>
                <p className="doc-person__bio">{person.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      );
    case 'timeline':
      return (
        <ol className="doc-timeline">
          {items.entries.map((entry, i) => (
            <li key={i} className="doc-timeline__item">
              <span className="doc-timeline__date">{entry.date}</span>
              <span className="doc-timeline__label">{entry.label}</span>
              {entry.note ? <span className="doc-timeline__note">{entry.note}</span> : null}
            </li>
          ))}
        </ol>
      );
    case 'cards':
      return (
        <ul className="doc-cards">
          {items.entries.map((card, i) => (
            <li key={i} className="doc-card">
              {card.tag ? <span className="doc-card__tag">{card.tag}</span> : null}
              <h3 className="doc-card__title">{card.title}</h3>
              <p className="doc-card__text">{card.text}</p>
            </li>
          ))}
        </ul>
      );
    case 'stats':
      return (
        <dl className="doc-stats">
          {items.entries.map((stat, i) => (
            <div key={i} className="doc-stat">
              <dt className="doc-stat__label">{stat.label}</dt>
              <dd className="doc-stat__value">{stat.value}</dd>
            </div>
          ))}
        </dl>
      );
  }
}
