import type { InteractionOptions } from './lib/directives/interaction.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: InteractionOptions;
  }
}
