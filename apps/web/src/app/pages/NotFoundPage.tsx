import { ErrorPage } from './ErrorPage';

/** /404 and every unknown path. */
export default function NotFoundPage() {
  return <ErrorPage status="404" />;
}
