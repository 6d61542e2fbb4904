import './ad-slot.css';
import { type AdPosition, isImageSource } from '@tally/contracts';
import { safeHref } from '../lib/safe-url';
import { useUserStore } from '../stores/user';

/** The enabled ads of one position, in the admin's order (the server sends them sorted). */
export function AdSlot({ position }: { position: AdPosition }) {
  const ads = useUserStore((s) => s.ads).filter((ad) => ad.position === position && ad.enabled);
  if (ads.length === 0) return null;
  return (
    <section className="ad-slot" data-testid={`ads-${position}`}>
      {ads.map((ad) => {
        const image = isImageSource(ad.image) ? ad.image : null;
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
