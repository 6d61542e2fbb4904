import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { collectDataFile } from './data-dir.js';

/**
 * `Socials.yml` and `AIAssistants.yml` (`name → [host or host/path, …]`), indexed once: plain hosts in a
 * map probed with each suffix of the referrer's host, the few `host/path` entries as patterns.
 */
export interface HostList {
  hosts: Map<string, string>;
  paths: [pattern: RegExp, name: string][];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function loadHostList(yamlText: string, extra: Record<string, string[]> = {}): HostList {
  const doc = parse(yamlText) as Record<string, string[] | null>;
  const list: HostList = { hosts: new Map(), paths: [] };
  for (const [name, entries] of [...Object.entries(doc), ...Object.entries(extra)]) {
    for (const entry of entries ?? []) {
      if (entry.includes('/')) list.paths.push([new RegExp(`(^|\\.)${escapeRegex(entry)}(/|$)`), name]);
      else if (!list.hosts.has(entry)) list.hosts.set(entry, name);
    }
  }
  return list;
}

/**
 * An entry matches the referrer's host or any parent domain of it (`facebook.com` matches
 * `m.facebook.com`), or a `host/path` entry matches on path boundaries (`x.com/i/grok` matches
 * `x.com/i/grok/share`, not `x.com/i/grokked`).
 */
export function matchHostList(list: HostList, hostAndPath: string): string | null {
  for (const [pattern, name] of list.paths) if (pattern.test(hostAndPath)) return name;
  let suffix = hostAndPath.split('/', 1)[0]!;
  for (;;) {
    const name = list.hosts.get(suffix);
    if (name) return name;
    const dot = suffix.indexOf('.');
    if (dot === -1) return null;
    suffix = suffix.slice(dot + 1);
  }
}

/**
 * Assistants much used in China that the upstream list lacks (it names DeepSeek and ChatGLM only);
 * kept here rather than in the vendored file so that file stays a plain copy of its source.
 */
const EXTRA_ASSISTANTS: Record<string, string[]> = {
  Doubao: ['doubao.com'],
  Kimi: ['kimi.com', 'kimi.moonshot.cn'],
  Yuanbao: ['yuanbao.tencent.com'],
  Tongyi: ['tongyi.com', 'tongyi.aliyun.com'],
};

let socials: HostList | undefined;
let assistants: HostList | undefined;
export function defaultSocials(): HostList {
  socials ??= loadHostList(readFileSync(collectDataFile('Socials.yml'), 'utf8'));
  return socials;
}
export function defaultAssistants(): HostList {
  assistants ??= loadHostList(readFileSync(collectDataFile('AIAssistants.yml'), 'utf8'), EXTRA_ASSISTANTS);
  return assistants;
}
