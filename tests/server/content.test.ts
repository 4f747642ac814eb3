import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_THEMES } from '../../src/shared/game-themes.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { tokenFor } from '../helpers/wallet.ts';

describe('site content', () => {
  let api: TestApi;
  let staff: string;
  let player: string;
  beforeAll(async () => {
    api = await testApi();
    staff = await tokenFor(api.ctx, 2, ['player', 'admin']);
    player = await tokenFor(api.ctx, 1, ['player']);
  });
  afterAll(() => api.close());

  it('lists the seeded promotions with their codes, and one by id', async () => {
    const list = await api.json<{ templateList: { bonus_id: number; title: string; promo_code: string; image_url: string }[] }>(
      'front/get_promotion_template',
      { language: 'en' },
    );
    expect(list.body.templateList.map((p) => p.promo_code)).toEqual(['WELCOME100', 'TENFREE', 'RELOAD50', 'WELCOME3000', 'SPORTS20', 'BINGO50']);
    const first = list.body.templateList[0];
    const one = await api.json<{ templateList: { title: string }[] }>('front/get_promotion_template', { language: 'en', bonus_id: first?.bonus_id });
    expect(one.body.templateList).toHaveLength(1);
    expect(one.body.templateList[0]?.title).toBe(first?.title);
    expect((await api.json('front/get_promotion_template', { language: 'en', bonus_id: 999 })).body).toEqual({ status: 1, templateList: [] });
  });

  it('answers the FAQ tabs in their route order and falls back to English for an unknown language', async () => {
    const faq = await api.json<{ templateList: { content_tab: string }[] }>('front/get_faq_template', { language: 'xx' });
    expect(faq.body.templateList.map((t) => t.content_tab)).toEqual([
      'faq',
      'about_us',
      'privacy_policy',
      'terms_of_use',
      'refund_policy',
      'responsible_gaming',
    ]);
    const licence = await api.json<{ templateList: { content: string }[] }>('front/get_content_template', { content_tab: 'license_line', language: 'en' });
    expect(licence.body.templateList[0]?.content).toContain('18');
  });

  it('serves desktop and mobile slider images', async () => {
    const desktop = await api.json<{ sliderList: { image_url: string }[] }>('front/get_slider', { lan: 'en', is_mobile: false });
    const mobile = await api.json<{ sliderList: { image_url: string }[] }>('front/get_slider', { lan: 'en', is_mobile: true });
    expect(desktop.body.sliderList.map((s) => s.image_url)).toEqual(['/slider/1.svg', '/slider/2.svg', '/slider/3.svg']);
    expect(mobile.body.sliderList.map((s) => s.image_url)).toEqual(['/slider/1-mobile.svg', '/slider/2-mobile.svg', '/slider/3-mobile.svg']);
  });

  it('gives every game group its type theme of SPEC §1 in the data, and a site seeded before gets them from migration 0028', async () => {
    const all = await api.json<{ gameGroupList: { group_slug: string; type: string; theme: string }[] }>('front/get_game_group_list', {});
    const themes = Object.fromEntries(all.body.gameGroupList.map((g) => [g.group_slug, g.theme]));
    expect(themes).toMatchObject({
      slots: 'slot',
      sports: 'sport',
      roulette: 'table',
      blackjack: 'table',
      baccarat: 'table',
      'video-poker': 'video_poker',
      'instant-win': 'instant',
      dice: 'arcade',
      keno: 'lottery',
      'scratch-cards': 'lottery',
      'live-dealer': 'live',
    });
    for (const g of all.body.gameGroupList) expect(GROUP_THEMES, g.group_slug).toContain(g.theme);
    for (const g of all.body.gameGroupList.filter((g) => g.type === 'live')) expect(g.theme).toBe('live');
    // The migration's own statements, run again on groups that lost their themes, give them back.
    const db = api.ctx.database.db;
    await db.execute(sql`UPDATE game_groups SET theme = 'slot'`);
    const migration = readFileSync(join(import.meta.dirname, '../../src/server/db/migrations/0028_game_group_themes.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) await db.execute(sql.raw(statement));
    const again = await api.json<{ gameGroupList: { group_slug: string; theme: string }[] }>('front/get_game_group_list', {});
    expect(Object.fromEntries(again.body.gameGroupList.map((g) => [g.group_slug, g.theme]))).toEqual(themes);
  });

  it('shows the sports group only while it is an active online group', async () => {
    const groups = await api.json<{ gameGroupList: { id: number }[] }>('front/get_game_group_list', { type: 'online', status: 'activated' });
    expect(groups.body.gameGroupList.map((g) => g.id)).toContain(2);
  });

  it('lets only staff manage content', async () => {
    expect((await api.json('admin/get_site_content')).status).toBe(401);
    expect((await api.json('admin/get_site_content', {}, { token: player })).status).toBe(403);
    const all = await api.json<{ contents: unknown[] }>('admin/get_site_content', {}, { token: staff });
    expect(all.body.contents.length).toBeGreaterThan(10);
  });

  it('stores content HTML sanitised: no script, no handlers, no javascript: links', async () => {
    const created = await api.json<{ status: number; content: { id: number; body: string; title: string } }>(
      'admin/create_site_content',
      {
        kind: 'faq',
        slug: 'bonus_rules',
        locale: 'de',
        title: '<b>Bonus</b>regeln',
        body: '<h2 onclick="steal()">Regeln</h2><script>alert(1)</script><img src=x onerror=alert(1)><p><a href="javascript:alert(1)">x</a> <a href="/faq/3">AGB</a> <a href="https://help.example/">Hilfe</a></p>',
      },
      { token: staff },
    );
    expect(created.body.status).toBe(1);
    const { body, title, id } = created.body.content;
    expect(title).toBe('Bonusregeln');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(body).toContain('<a href="/faq/3">AGB</a>');
    expect(body).toContain('<a href="https://help.example/" rel="noopener noreferrer" target="_blank">Hilfe</a>');

    expect((await api.json('admin/create_site_content', { kind: 'faq', slug: 'bonus_rules', locale: 'de' }, { token: staff })).body).toEqual({
      status: 0,
      message: 'content_exists',
    });
    const updated = await api.json<{ content: { body: string } }>(
      'admin/update_template',
      { id, body: '<p>Neu</p><iframe src="https://evil"></iframe>' },
      { token: staff },
    );
    expect(updated.body.content.body).toBe('<p>Neu</p>');
    expect((await api.json('admin/remove_site_content', { id }, { token: staff })).body).toEqual({ status: 1 });
    expect((await api.json('admin/remove_site_content', { id }, { token: staff })).body).toEqual({ status: 0, message: 'not_found' });
  });

  it('refuses malformed content without storing anything', async () => {
    const before = (await api.json<{ contents: unknown[] }>('admin/get_site_content', {}, { token: staff })).body.contents.length;
    const bad = await api.json('admin/create_site_content', { kind: 'banner', slug: '', locale: 'xx', image_url: 'javascript:alert(1)' }, { token: staff });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { kind: 'invalid_value', slug: 'field_required', locale: 'invalid_locale', image_url: 'invalid_url' } });
    expect((await api.json<{ contents: unknown[] }>('admin/get_site_content', {}, { token: staff })).body.contents.length).toBe(before);
  });

  it('keeps every save as a version: the second of two editors who opened the same version is told, with the item as it now is', async () => {
    type Item = { id: number; title: string; version: number };
    type Saved = { status: number; message?: string; content: Item };
    const created = await api.json<Saved>(
      'admin/create_site_content',
      { kind: 'info', slug: 'versions_probe', locale: 'de', title: 'Erste' },
      { token: staff },
    );
    const { id, version } = created.body.content;
    expect(version).toBe(1);
    // Two editors open version 1; the first saves, the second's save over it is refused and changes nothing.
    const first = await api.json<Saved>('admin/update_template', { id, version: 1, title: 'Von Anna' }, { token: staff });
    expect(first.body).toMatchObject({ status: 1, content: { title: 'Von Anna', version: 2 } });
    const second = await api.json<Saved>('admin/update_template', { id, version: 1, title: 'Von Ben' }, { token: staff });
    expect(second.body).toMatchObject({ status: 0, message: 'changed_since_opened', content: { title: 'Von Anna', version: 2 } });
    // Having seen both, Ben saves over the version he now has.
    const again = await api.json<Saved>('admin/update_template', { id, version: 2, title: 'Von Ben' }, { token: staff });
    expect(again.body).toMatchObject({ status: 1, content: { title: 'Von Ben', version: 3 } });

    const history = await api.json<{ versions: { version: number; action: string; title: string; staff_id: number; via: string }[] }>(
      'admin/get_site_content_history',
      { id },
      { token: staff },
    );
    expect(history.body.versions.map((v) => [v.version, v.action, v.title])).toEqual([
      [3, 'update', 'Von Ben'],
      [2, 'update', 'Von Anna'],
      [1, 'create', 'Erste'],
    ]);
    expect(history.body.versions.every((v) => v.staff_id === 2 && v.via === 'api')).toBe(true);

    // Version 1 restored, as the next version; a restore over a version not opened is refused as a save is.
    expect((await api.json<Saved>('admin/restore_site_content', { id, version: 1, opened: 2 }, { token: staff })).body).toMatchObject({
      status: 0,
      message: 'changed_since_opened',
      content: { version: 3 },
    });
    const restored = await api.json<Saved>('admin/restore_site_content', { id, version: 1, opened: 3 }, { token: staff });
    expect(restored.body).toMatchObject({ status: 1, content: { title: 'Erste', version: 4 } });
    expect((await api.json('admin/restore_site_content', { id, version: 9 }, { token: staff })).body).toEqual({ status: 0, message: 'version_not_found' });
    expect((await api.json('admin/update_template', { id: 999_999, version: 1, title: 'x' }, { token: staff })).body).toEqual({
      status: 0,
      message: 'not_found',
    });

    // Removed, the item's history stays, the removal last; nothing can restore into it.
    expect((await api.json('admin/remove_site_content', { id }, { token: staff })).body).toEqual({ status: 1 });
    const after = await api.json<{ versions: { version: number; action: string }[] }>('admin/get_site_content_history', { id }, { token: staff });
    expect(after.body.versions[0]).toMatchObject({ version: 5, action: 'remove' });
    expect((await api.json('admin/restore_site_content', { id, version: 1 }, { token: staff })).body).toEqual({ status: 0, message: 'not_found' });
    expect((await api.json('admin/get_site_content_history', { id: 999_999 }, { token: staff })).body).toEqual({ status: 0, message: 'not_found' });
  });

  it('keeps one of three saves of one version sent at once, and tells the other two', async () => {
    type Saved = { status: number; message?: string; content: { id: number; version: number; title: string } };
    const created = await api.json<Saved>('admin/create_site_content', { kind: 'info', slug: 'race_probe', locale: 'fr', title: 'A' }, { token: staff });
    const id = created.body.content.id;
    const answers = await Promise.all(
      ['Un', 'Deux', 'Trois'].map((title) => api.json<Saved>('admin/update_template', { id, version: 1, title }, { token: staff })),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === 'changed_since_opened')).toHaveLength(2);
    const kept = answers.find((a) => a.body.status === 1)?.body.content.title;
    for (const a of answers.filter((x) => x.body.status === 0)) expect(a.body.content).toMatchObject({ version: 2, title: kept });
  });

  it('tells each locale’s translation state: missing, the same as English, older than the English it was made from, or translated', async () => {
    type State = { state: string; id?: number; version?: number };
    type Items = { items: { kind: string; slug: string; mobile: boolean; english: { id: number; version: number }; locales: Record<string, State> }[] };
    const create = (locale: string, title: string, body = '<p>x</p>') =>
      api.json<{ content: { id: number; version: number } }>(
        'admin/create_site_content',
        { kind: 'info', slug: 'states_probe', locale, title, body },
        { token: staff },
      );
    const en = (await create('en', 'Bonus rules', '<p>Rules</p>')).body.content;
    await create('de', 'Bonusregeln', '<p>Regeln</p>');
    await create('fr', 'Bonus rules', '<p>Rules</p>');
    const probe = async (locale?: string) =>
      (await api.json<Items>('admin/get_content_translations', locale ? { locale } : {}, { token: staff })).body.items.find((i) => i.slug === 'states_probe');

    const all = await probe();
    expect(all?.english).toEqual({ id: en.id, version: 1, title: 'Bonus rules' });
    expect(Object.keys(all?.locales ?? {})).toHaveLength(23);
    expect(all?.locales.de?.state).toBe('translated');
    expect(all?.locales.fr?.state).toBe('same_as_english');
    expect(all?.locales.it?.state).toBe('missing');

    // English changes: the German made from version 1 is now older than it; saved again, it is current.
    await api.json('admin/update_template', { id: en.id, version: 1, title: 'Bonus rules (new)' }, { token: staff });
    expect((await probe())?.locales.de?.state).toBe('outdated');
    const de = (await probe())?.locales.de as State;
    await api.json('admin/update_template', { id: de.id, version: de.version, title: 'Bonusregeln (neu)' }, { token: staff });
    expect((await probe())?.locales.de?.state).toBe('translated');

    // A locale's filter: only what it still needs, with its state alone.
    expect((await probe('it'))?.locales).toEqual({ it: { state: 'missing' } });
    expect(await probe('de')).toBeUndefined();
    const seededItems = (await api.json<Items>('admin/get_content_translations', { locale: 'de' }, { token: staff })).body.items;
    expect(seededItems.every((i) => Object.keys(i.locales).join() === 'de' && i.locales.de?.state !== 'translated')).toBe(true);
    expect(await api.json('admin/get_content_translations', { locale: 'xx' }, { token: staff })).toMatchObject({
      status: 400,
      body: { errors: { locale: 'invalid_locale' } },
    });
  });
});
