import { ErrorPage } from './ErrorPage';

/** /401: the operator may not open the page asked for. */
export default function UnauthorizedPage() {
  return <ErrorPage status="401" />;
}
