import { NotFoundView } from '../../components/not-found-view.tsx';

/** 404 fallback of the route table. */
export default function NotFoundPage() {
  return <NotFoundView />;
}
