// The game group type themes of SPEC §1: each lobby group names one in the data
// (`game_groups.theme`, migration 0028) and the lobby draws its tab, its heading and its
// games' tiles with the theme's accent colour and icon (src/islands/lobby/lobby.css).

export const GROUP_THEMES = ['slot', 'live', 'sport', 'table', 'instant', 'lottery', 'arcade', 'video_poker', 'virtual'] as const;
export type GroupTheme = (typeof GROUP_THEMES)[number];

export function isGroupTheme(value: unknown): value is GroupTheme {
  return typeof value === 'string' && (GROUP_THEMES as readonly string[]).includes(value);
}

/**
 * Each theme's icon (decorative: the group's name says it in words) and accent colour. The
 * icons are text symbols that common fonts draw (DejaVu, the system UI fonts), not emoji:
 * a device without an emoji font would show an empty box.
 */
export const THEME_LOOK: Record<GroupTheme, { icon: string; accent: string }> = {
  slot: { icon: '★', accent: '#e0a100' },
  live: { icon: '●', accent: '#e5484d' },
  sport: { icon: '⚑', accent: '#2f9e44' },
  table: { icon: '♠', accent: '#1c7c54' },
  instant: { icon: '⚡', accent: '#f08c00' },
  lottery: { icon: '#', accent: '#ae3ec9' },
  arcade: { icon: '⚄', accent: '#4263eb' },
  video_poker: { icon: '♦', accent: '#0c8599' },
  virtual: { icon: '▶', accent: '#5f3dc4' },
};
