import { describe, expect, it } from 'vitest';
import { recordMaker } from './dvf.logic.js';

describe('recordMaker', () => {
  it('keys each field by its header name, by position', () => {
    const make = recordMaker(['id_mutation', 'date_mutation', 'valeur_fonciere']);
    expect(make(['2022-1', '2022-03-15', '120000'])).toEqual({
      id_mutation: '2022-1',
      date_mutation: '2022-03-15',
      valeur_fonciere: '120000',
    });
    expect(make(['2022-2', '', '5'])).toEqual({ id_mutation: '2022-2', date_mutation: '', valeur_fonciere: '5' });
  });

  it('reads any header text as a plain name: quotes, backslashes, braces and line separators are not code', () => {
    const names = ['a"b', 'c\\', '}; throw new Error("x"); ({', 'x\u2028y', '__proto__', ''];
    const record = recordMaker(names)(['1', '2', '3', '4', '5', '6']);
    expect(Object.keys(record)).toEqual(names.filter((n) => n !== '__proto__'));
    expect(record['}; throw new Error("x"); ({']).toBe('3');
    expect(record['x\u2028y']).toBe('4');
    expect(record['']).toBe('6');
  });

  it('keeps the last of two columns of the same name, as before', () => {
    expect(recordMaker(['a', 'b', 'a'])(['1', '2', '3'])).toEqual({ a: '3', b: '2' });
  });
});
