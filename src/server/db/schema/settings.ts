import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row (id 1) of site-wide settings that operators change at run time. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  countryBlackList: jsonb('country_black_list').$type<string[]>().notNull().default([]),
  ipBlackList: jsonb('ip_black_list').$type<string[]>().notNull().default([]),
  oneAccountPerIp: boolean('one_account_per_ip').notNull().default(false),
  passwordMinLength: integer('password_min_length').notNull().default(3),
  chatScriptUrl: text('chat_script_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
