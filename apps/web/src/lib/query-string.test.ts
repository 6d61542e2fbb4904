import { describe, expect, it } from 'vitest';
import { withQuery } from './query-string';

/**
 * The expected strings are what axios 1.21's getUri wrote for the same params (the server has
 * always read queries written this way).
 */
describe('withQuery', () => {
  it('writes params as axios did: nulls dropped, + for spaces, : $ , kept, brackets for arrays', () => {
    const params = {
      a: 1,
      b: 'x y',
      c: undefined,
      d: null,
      e: true,
      f: false,
      g: '',
      h: [1, 2],
      i: { j: 'k' },
      k: "a:b$c,d[e]f/g?h&i=j#k~!'()*@+é中",
      l: new Date(0),
      m: 0,
      n: Number.NaN,
      o: [{ p: 1 }],
      q: [],
    };
    expect(withQuery('/api/x', params)).toBe(
      '/api/x?a=1&b=x+y&e=true&f=false&g=&h%5B%5D=1&h%5B%5D=2&i%5Bj%5D=k' +
        "&k=a:b$c,d%5Be%5Df%2Fg%3Fh%26i%3Dj%23k~!'()*%40%2B%C3%A9%E4%B8%AD" +
        '&l=1970-01-01T00:00:00.000Z&m=0&n=NaN&o%5B0%5D%5Bp%5D=1',
    );
  });
  it('appends to a query the path has, drops a fragment, and leaves a path without params alone', () => {
    expect(withQuery('/x?z=1', { a: 1 })).toBe('/x?z=1&a=1');
    expect(withQuery('http://h/x#frag', { a: 1 })).toBe('http://h/x?a=1');
    expect(withQuery('/x', {})).toBe('/x');
    expect(withQuery('/x', undefined)).toBe('/x');
    expect(withQuery('/x', { gone: undefined })).toBe('/x');
  });
});
