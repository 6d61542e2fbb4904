import { createContext, type ReactNode, useContext } from 'react';
import { useAppStore } from '../../../stores/app';

/** Where report calls go: the signed-in user's selected site, or the public demo site of /preview. */
export interface ReportSource {
  /** Read-only showcase on the demo site (PREVIEW_API): no links into the signed-in app. */
  preview: boolean;
  /** undefined: the server decides (a client's own site, the demo site). */
  siteId?: number;
}

const PreviewContext = createContext(false);

/** Wraps the report pages shown on /preview. */
export function PreviewSource({ children }: { children: ReactNode }) {
  return <PreviewContext.Provider value>{children}</PreviewContext.Provider>;
}

export function useReportSource(): ReportSource {
  const preview = useContext(PreviewContext);
  const siteId = useAppStore((s) => s.site?.id);
  if (preview) return { preview };
  return { siteId, preview };
}
