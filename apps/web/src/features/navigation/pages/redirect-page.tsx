import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/{path}`: lands straight back on `/{path}`, so the page there mounts afresh. */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
