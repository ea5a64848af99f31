import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * /redirect/{path}: goes on to /{path} (with its query) replacing the history entry. The tag bar's
 * Refresh uses it to build a page afresh.
 */
export default function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rest = params['*'] ?? '';
  useEffect(() => {
    void navigate(`/${rest}${location.search}${location.hash}`, { replace: true });
  }, [navigate, rest, location.search, location.hash]);
  return null;
}
