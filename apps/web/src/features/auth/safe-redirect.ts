/** Only same-site paths: a crafted ?redirect= must not send a fresh session elsewhere. */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
