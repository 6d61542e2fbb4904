import { useEffect } from 'react';

/** Where the storage key for a third-party sign-in result lives (read by the opener window). */
export const OAUTH_CODE_KEY = 'x-admin-oauth-code';

/** Third-party sign-in lands here in a popup: hand the query to the opener and close. */
export default function AuthRedirectPage() {
  useEffect(() => {
    localStorage.setItem(OAUTH_CODE_KEY, window.location.search.slice(1));
    window.close();
  }, []);
  return null;
}
