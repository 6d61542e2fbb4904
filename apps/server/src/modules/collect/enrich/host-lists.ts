import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { collectDataFile } from './data-dir.js';

/** `Socials.yml` and `AIAssistants.yml` (`name → [host or host/path, …]`), compiled once. */
export type HostList = [pattern: RegExp, name: string][];

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Matomo's rule: an entry matches when it appears in `host/path` on label or path boundaries, so
 * `facebook.com` matches `m.facebook.com` and `x.com/i/grok` matches `x.com/i/grok/share`.
 */
export function loadHostList(yamlText: string): HostList {
  const doc = parse(yamlText) as Record<string, string[] | null>;
  return Object.entries(doc).flatMap(([name, hosts]) =>
    (hosts ?? []).map((h): [RegExp, string] => [new RegExp(`(^|[./])${escapeRegex(h)}([./]|$)`), name]),
  );
}

export function matchHostList(list: HostList, hostAndPath: string): string | null {
  for (const [pattern, name] of list) if (pattern.test(hostAndPath)) return name;
  return null;
}

let socials: HostList | undefined;
let assistants: HostList | undefined;
export function defaultSocials(): HostList {
  socials ??= loadHostList(readFileSync(collectDataFile('Socials.yml'), 'utf8'));
  return socials;
}
export function defaultAssistants(): HostList {
  assistants ??= loadHostList(readFileSync(collectDataFile('AIAssistants.yml'), 'utf8'));
  return assistants;
}
