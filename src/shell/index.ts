// The page shell, on every page, in plain DOM code so that it costs a few KB and never
// waits for React. One file per job, started here in this order: the theme, menu
// actions and sidebars, links that carry something along, the header's fit, the chat
// bubble's tuck, toasts and overlays, the navigation progress bar, connectivity,
// prefetching, chunk-failure reloads, the service worker, the client-side visitor check,
// the modal an arriving link asks for, and forms sent before their island has hydrated.
import { checkVisitor } from '../stores/visitor.ts';
import { startActions } from './actions.ts';
import { openArrivalModal } from './arrival.ts';
import { startChatTuck } from './chat-tuck.ts';
import { startChunkReload } from './chunk-reload.ts';
import { startConnectivity } from './connectivity.ts';
import { holdEarlySubmits } from './forms.ts';
import { closeDropdownsOutside, fitHeaderTabs } from './header.ts';
import { startLinks } from './links.ts';
import { showMarketNotices } from './market.ts';
import { startPrefetch } from './prefetch.ts';
import { startProgress } from './progress.ts';
import { startServiceWorker } from './service-worker.ts';
import { startTheme } from './theme.ts';
import { startToasts } from './toasts.ts';

startTheme();
startActions();
startLinks();
fitHeaderTabs();
closeDropdownsOutside();
startChatTuck();
startToasts();
startProgress();
startConnectivity();
startPrefetch();
startChunkReload();
startServiceWorker();
void checkVisitor();
void showMarketNotices();
openArrivalModal();
holdEarlySubmits();
