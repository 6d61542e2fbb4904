import { type ComponentType, useEffect, useState } from 'react';
import type { MenuIcon as IconLoader } from '../lib/route-types';

type Icon = ComponentType<{ className?: string }>;

/** Icons already loaded, so a re-rendered menu draws them at once. */
const loaded = new Map<IconLoader, Icon>();

/**
 * A route's menu icon, declared by its feature as a loader (the route table is in the entry chunk,
 * which stays free of icon code). Until it arrives an empty slot of the icon's width holds its place.
 * It loads in an effect rather than through Suspense: a suspending icon would hold back the render
 * of the page beside the menu, and with it the page's own chunk.
 */
export function MenuIcon({ load, className }: { load: IconLoader; className?: string }) {
  const [icon, setIcon] = useState<{ Icon: Icon } | undefined>(() => {
    const Icon = loaded.get(load);
    return Icon && { Icon };
  });
  useEffect(() => {
    if (icon) return;
    let mounted = true;
    load().then(
      (module) => {
        loaded.set(load, module.default);
        if (mounted) setIcon({ Icon: module.default });
      },
      // A chunk that failed to load leaves the empty slot; the menu entry itself still works.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [load, icon]);
  if (!icon) return <span className={`menu-icon-slot ${className ?? ''}`} />;
  return <icon.Icon className={className} />;
}
