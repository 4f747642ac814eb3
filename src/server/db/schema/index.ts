export * from './content.ts';
export * from './games.ts';
export * from './players.ts';
export * from './settings.ts';
