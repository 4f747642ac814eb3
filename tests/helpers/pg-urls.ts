export const TEMPLATE_DB = 'casino_t_template';

/** TEST_DATABASE_URL, which names the server and a database we may connect to for admin work. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** The same server, another database. */
export function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}
