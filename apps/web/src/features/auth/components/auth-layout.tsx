import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/language-switch';
import { useWebTitle } from '../../../lib/route-title';
import '../auth.css';

/** Frame of the signed-out pages: brand, language switch and one centred card (plain markup: antd's Card brings Tabs along). */
export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const webtitle = useWebTitle();
  return (
    <div className="auth-page">
      <LanguageSwitch className="auth-lang" />
      <section className="auth-card">
        <div className="auth-brand">{webtitle}</div>
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </section>
    </div>
  );
}
