// The username key and the script rule on their own: which names a reader cannot tell
// apart, and which mixes of scripts are refused.
import { describe, expect, it } from 'vitest';
import { mixesScriptsConfusably, usernameKey } from '../../src/server/auth/usernames.ts';

describe('username keys', () => {
  it('gives names a reader cannot tell apart one key', () => {
    const groups = [
      ['admin', 'ADMIN', 'AdmIn', '\u0430dmin', 'ａｄｍｉｎ'],
      ['adm1n', 'admln', 'ADM1N'],
      ['demo', 'DEMO', 'd\u0435mo', 'ｄｅｍｏ', 'dem0', 'DEM0'],
      ['straße', 'STRASSE', 'strasse'],
      ['σίσυφος', 'ΣΊΣΥΦΟΣ'],
      ['coca', '\u0441\u043e\u0441\u0430'],
      ['josé', 'jose\u0301'],
      ['mod', 'rnod'],
    ];
    for (const group of groups) expect(new Set(group.map(usernameKey)), group.join(' ')).toHaveProperty('size', 1);
  });

  it('keeps names that only resemble each other apart', () => {
    const names = ['demo', 'dema', 'josé', 'jose', 'müller', 'muller', 'иван', 'ivan', 'たなか', 'タナカ'];
    expect(new Set(names.map(usernameKey)).size).toBe(names.length);
  });
});

describe('mixed scripts', () => {
  it('refuses Latin mixed with Cyrillic or Greek, and letters with lookalikes in the other script', () => {
    for (const name of ['\u0430dmin', 'd\u0435mo', 'ivan_\u0436\u0443\u043a', '\u03b1lpha', 'supp\u0585rt', 'ab\u0436\u03b2']) {
      expect(mixesScriptsConfusably(name), name).toBe(true);
    }
  });

  it('lets names in one script through, digits and signs included, and the mixes of East Asian writing', () => {
    for (const name of [
      'demo',
      'иван',
      'Пётр_1990',
      'Γιώργος',
      'たなか',
      '山田太郎',
      '田中タロウ',
      'taro_たなか',
      '김민수',
      'kim_김민수',
      'علي_7',
      'ali_علي',
      'שלום',
      '123',
      'a.b-c_d',
    ]) {
      expect(mixesScriptsConfusably(name), name).toBe(false);
    }
  });
});
