// Links that arrive with a purpose: the reset token of an emailed link, or #login.
import { openModal } from '../stores/ui.ts';
import { byId } from './dom.ts';

export function openArrivalModal(): void {
  if (!byId('modal-host')) return;
  const resetToken = new URLSearchParams(location.search).get('reset_token');
  if (resetToken) openModal('reset-password', { token: resetToken });
  else if (location.hash === '#login') {
    openModal('login', { redirect: true });
    // Done with: a reload or a shared address should not open it again.
    history.replaceState(history.state, '', location.pathname + location.search);
  }
}
