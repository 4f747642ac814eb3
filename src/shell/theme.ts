// The theme: the inline head script already applied the stored choice; the store
// follows it, and each theme button says what a press switches to.
import { $theme, type Theme } from '../stores/ui.ts';
import { root } from './dom.ts';

export function startTheme(): void {
  $theme.set((root.dataset.theme as Theme | undefined) ?? 'light');
  $theme.subscribe((theme) => {
    for (const button of document.querySelectorAll<HTMLElement>('.theme-button')) {
      button.setAttribute('aria-label', (theme === 'dark' ? button.dataset.labelLight : button.dataset.labelDark) ?? '');
      button.setAttribute('aria-pressed', String(theme === 'dark'));
    }
  });
}
