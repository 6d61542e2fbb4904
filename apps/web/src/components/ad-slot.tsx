import { safeHref } from '../lib/safe-url';
import { useUserStore } from '../stores/user';

/** Where an ad can appear; the settings page offers the same list. */
export const AD_POSITIONS = ['home', 'articles', 'dashboard'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

/** The enabled ads of one position, in the admin's order (the server sends them sorted). */
export function AdSlot({ position }: { position: AdPosition }) {
  const ads = useUserStore((s) => s.ads).filter((ad) => ad.position === position && ad.enabled);
  if (ads.length === 0) return null;
  return (
    <section className="ad-slot" data-testid={`ads-${position}`}>
      {ads.map((ad) => {
        const image = safeHref(ad.image);
        const link = safeHref(ad.link);
        const body = (
          <>
            {image && <img src={image} alt={ad.title} loading="lazy" />}
            {ad.title && <span className="ad-title">{ad.title}</span>}
          </>
        );
        return link ? (
          <a key={ad.id} className="ad-item" href={link} target="_blank" rel="noopener noreferrer sponsored">
            {body}
          </a>
        ) : (
          <div key={ad.id} className="ad-item">
            {body}
          </div>
        );
      })}
    </section>
  );
}
