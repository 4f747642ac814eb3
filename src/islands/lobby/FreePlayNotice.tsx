import { useStore } from '@nanostores/react';
import { playForReal } from '../../stores/game.ts';
import { commonText } from './text.ts';

/** The free-play notice with its "Play for real" button (for guests, and for anyone in free play). */
export function FreePlayNotice({ className = '' }: { className?: string }) {
  const c = useStore(commonText);
  return (
    <p className={`notice free-play ${className}`.trim()} role="note">
      {c.free_play_notice} ·{' '}
      <button type="button" className="link-button" onClick={() => void playForReal()}>
        {c.play_for_real}
      </button>
    </p>
  );
}
