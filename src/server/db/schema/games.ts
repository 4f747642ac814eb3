import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Lobby tabs. Id 2 is the sports group: the sports entry shows only while it is an active online group. */
export const gameGroups = pgTable('game_groups', {
  id: integer('id').primaryKey(),
  groupName: text('group_name').notNull(),
  groupSlug: text('group_slug').notNull(),
  type: text('type').$type<'online' | 'live'>().notNull(),
  status: text('status').$type<'activated' | 'deactivated'>().notNull().default('activated'),
  position: integer('position').notNull().default(0),
});
