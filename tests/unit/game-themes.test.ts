// The lobby's group themes: every theme of SPEC §1 has a look, and its icon is a text symbol
// that fonts without emoji draw (a phone or desktop without an emoji font shows no empty box).
import { describe, expect, it } from 'vitest';
import { GROUP_THEMES, THEME_LOOK } from '../../src/shared/game-themes.ts';

describe('group themes', () => {
  it('gives every theme an accent and one icon from the text symbols, never an emoji', () => {
    for (const theme of GROUP_THEMES) {
      const { icon, accent } = THEME_LOOK[theme];
      expect(accent, theme).toMatch(/^#[0-9a-f]{6}$/);
      expect([...icon], theme).toHaveLength(1);
      // Below the dingbats and outside the emoji planes: drawn by DejaVu and the system UI fonts.
      expect(icon.codePointAt(0), theme).toBeLessThan(0x2700);
      expect(icon, theme).not.toMatch(/\p{Extended_Pictographic}\uFE0F/u);
    }
    expect(new Set(GROUP_THEMES.map((t) => THEME_LOOK[t].icon)).size).toBe(GROUP_THEMES.length);
  });
});
