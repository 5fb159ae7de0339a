import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { PageDocumentView } from '../../components/page-document-view.tsx';
import { PageNotFoundError, publicPageQuery } from './site-api.ts';
import { relatedPages, sitePathOf, slugFromPath } from './site-pages.ts';
import { SitePageError, SitePageLoading, SitePageNotFound } from './site-states.tsx';
import { useAmcVariant } from './use-amc-variant.ts';
import './site.css';

/** Every info route of docs/product/screens-and-routes.md (one lazy module): the slug comes from the path, the words from the content store. */
export default function InfoPage() {
  const location = useLocation();
  const slug = slugFromPath(location.pathname);
  if (slug === null) return <SitePageNotFound />;
  return <ContentPage key={slug} slug={slug} />;
}

function ContentPage({ slug }: { slug: string }) {
  const amc = useAmcVariant();
  const page = useQuery(publicPageQuery(slug));

  if (page.isPending) return <SitePageLoading />;
  if (page.isError) return page.error instanceof PageNotFoundError ? <SitePageNotFound /> : <SitePageError onRetry={() => void page.refetch()} />;

  const related = relatedPages(slug, { amc });
  return (
    <PageDocumentView
      document={page.data.document}
      footer={
        related.length > 0 ? (
          <nav className="site-related" aria-label="相关页面">
            <h2 className="site-related__title">相关页面</h2>
            <ul className="site-related__list">
              {related.map((p) => (
                <li key={p.slug}>
                  <Link to={sitePathOf(p.slug)} className="site-related__link">
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null
      }
    />
  );
}
