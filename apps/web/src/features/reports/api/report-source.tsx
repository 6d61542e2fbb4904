import { PREVIEW_BASE, REPORT_BASE } from '@tally/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { useAppStore } from '../../../stores/app';

/** Where report calls go: the signed-in user's selected site, or the public demo site of /preview. */
export interface ReportSource {
  base: string;
  /** undefined: the server decides (a client's own site, the demo site). */
  siteId?: number;
  /** Read-only showcase: no links into the signed-in app. */
  preview: boolean;
}

const PreviewContext = createContext(false);

/** Wraps the report pages shown on /preview. */
export function PreviewSource({ children }: { children: ReactNode }) {
  return <PreviewContext.Provider value>{children}</PreviewContext.Provider>;
}

export function useReportSource(): ReportSource {
  const preview = useContext(PreviewContext);
  const siteId = useAppStore((s) => s.site?.id);
  if (preview) return { base: PREVIEW_BASE, preview };
  return { base: REPORT_BASE, siteId, preview };
}
