import { Link } from 'react-router';
import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import type { PortalLinks } from './portal-links.ts';
import { portalSteps } from './portal-steps.ts';

/** The admitted student's next steps, each a row linking to its page (locked rows say when they open). */
export function PortalChecklist({ portal, links }: { portal: ProgrammePortal; links: PortalLinks }) {
  const steps = portalSteps(portal, links);
  if (steps.length === 0) return null;
  return (
    <section className="pp-card" aria-label="下一步">
      <h2 className="pp-card__title">下一步</h2>
      <ol className="pp-steps">
        {steps.map((step, index) => {
          const body = (
            <>
              <span className={`pp-steps__no pp-steps__no--${step.tone}`} aria-hidden="true">
                {step.tone === 'done' ? '✓' : index + 1}
              </span>
              <span className="pp-steps__label">
                {step.label}
                {step.detail ? <small className="pp-muted"> {step.detail}</small> : null}
              </span>
              <span className={`pp-steps__status pp-steps__status--${step.tone}`}>{step.status}</span>
              {step.to ? <span className="pp-steps__go" aria-hidden="true">›</span> : null}
            </>
          );
          return (
            <li key={step.key} data-testid={`step-${step.key}`}>
              {step.to ? (
                <Link className="pp-steps__row" to={step.to}>
                  {body}
                </Link>
              ) : (
                <div className="pp-steps__row pp-steps__row--locked">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
