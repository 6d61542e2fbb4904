import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { MenuIcon as IconLoader } from '../app/route-types';

type Icon = LazyExoticComponent<ComponentType<{ className?: string }>>;

/** One lazy component per loader, so re-renders never refetch or remount an icon. */
const icons = new Map<IconLoader, Icon>();

function iconFor(load: IconLoader): Icon {
  let icon = icons.get(load);
  if (!icon) {
    icon = lazy(load);
    icons.set(load, icon);
  }
  return icon;
}

/**
 * A route's menu icon, declared by its feature as a loader (the route table is in the entry chunk,
 * which stays free of icon code). Until it arrives an empty slot of the icon's width holds its place.
 */
export function MenuIcon({ load, className }: { load: IconLoader; className?: string }) {
  const Icon = iconFor(load);
  return (
    <Suspense fallback={<span className={`menu-icon-slot ${className ?? ''}`} />}>
      <Icon className={className} />
    </Suspense>
  );
}
