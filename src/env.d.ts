declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | 'modal';
  }
}

export {};
