import type { ConsoleFigure } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, toThousands } from '../../../lib/formatters';

function FigureValue({ figure }: { figure: ConsoleFigure }) {
  const { t } = useTranslation();
  if (figure.status === 'not_available')
    return <span className="console-tile-none">{t('console.notYet')}</span>;
  if (figure.status === 'failed' || figure.value === null)
    return <span className="console-tile-none">{t('console.failed')}</span>;
  // USDT arrives as an exact decimal string and stays one: grouped, never parsed into a float.
  if (figure.kind === 'usdt')
    return (
      <>
        {toThousands(figure.value)} <small>USDT</small>
      </>
    );
  // A large count reads short (1.2M, the seed's number formatter); the exact one is in the tooltip.
  const { text, exact } = formatCount(figure.value);
  return exact ? <span title={exact}>{text}</span> : text;
}

/** The tiles in the server's order; the server names them, so a module's new tile needs no web change. */
export function FigureTiles({ figures }: { figures: ConsoleFigure[] }) {
  const { i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (
    <div className="console-tiles">
      {figures.map((figure) => {
        const body = (
          <>
            <div className="console-tile-label">{zh ? figure.label.zh : figure.label.en}</div>
            <div className="console-tile-value">
              <FigureValue figure={figure} />
            </div>
          </>
        );
        const className = `console-tile is-${figure.status}`;
        return figure.href ? (
          <Link key={figure.key} to={figure.href} className={className} data-testid={`console-${figure.key}`}>
            {body}
          </Link>
        ) : (
          <div key={figure.key} className={className} data-testid={`console-${figure.key}`}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
