import { describe, expect, it } from 'vitest';
import { loadHostList, matchHostList } from './host-lists.js';

const list = loadHostList(`
Net:
  - net.example
  - other.example/path
Empty:
`);

describe('matchHostList', () => {
  it('matches on label and path boundaries', () => {
    expect(matchHostList(list, 'net.example/')).toBe('Net');
    expect(matchHostList(list, 'm.net.example/x')).toBe('Net');
    expect(matchHostList(list, 'other.example/path/deeper')).toBe('Net');
  });
  it('does not match inside a longer label or a different path', () => {
    expect(matchHostList(list, 'subnet.example/')).toBeNull();
    expect(matchHostList(list, 'net.examples/')).toBeNull();
    expect(matchHostList(list, 'other.example/pathology')).toBeNull();
  });
  it('names with no hosts are skipped', () => {
    expect([...list.hosts.values(), ...list.paths.map(([, n]) => n)]).not.toContain('Empty');
  });
  it('a host entry does not match a look-alike host or the same text in the path', () => {
    expect(matchHostList(list, 'net.example.evil/')).toBeNull();
    expect(matchHostList(list, 'evil.example/net.example')).toBeNull();
  });
});
