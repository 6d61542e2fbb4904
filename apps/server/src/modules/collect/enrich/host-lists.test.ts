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
    expect(list.every(([, name]) => name !== 'Empty')).toBe(true);
  });
});
