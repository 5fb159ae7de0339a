import './legal-document.css';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** Optional bullet list after the paragraphs. */
  items?: readonly string[];
}

export interface LegalText {
  title: string;
  updatedAt: string;
  effectiveAt: string;
  preamble: readonly string[];
  sections: readonly LegalSection[];
}

/**
 * Long-form reading layout for the agreement and the privacy policy. As a page it has a table of contents;
 * inside the registration form's sheet (`inSheet`) the sheet's own title and scrolling replace both.
 */
export function LegalDocument({ text, inSheet = false }: { text: LegalText; inSheet?: boolean }) {
  return (
    <article className={inSheet ? 'legal legal--sheet' : 'page page--narrow legal'}>
      {inSheet ? null : <h1 className="page__title legal__title">{text.title}</h1>}
      <p className="legal__dates">
        更新日期：{text.updatedAt}　生效日期：{text.effectiveAt}
      </p>
      {text.preamble.map((p) => (
        <p key={p} className="legal__preamble">
          {p}
        </p>
      ))}
      {inSheet ? null : (
        <nav className="legal__toc" aria-label="目录">
          <ol>
            {text.sections.map((section, i) => (
              <li key={section.heading}>
                <a href={`#section-${i + 1}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {text.sections.map((section, i) => (
        <section key={section.heading} id={inSheet ? undefined : `section-${i + 1}`} className="legal__section">
          <h2 className="legal__heading">
            {i + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
