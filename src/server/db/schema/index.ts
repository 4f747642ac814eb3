export * from './accounts.ts';
export * from './content.ts';
export * from './games.ts';
export * from './players.ts';
export * from './settings.ts';
export * from './support.ts';
export * from './wallet.ts';
