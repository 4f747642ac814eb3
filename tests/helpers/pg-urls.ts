// Every run of the postgres project has its own template and suite databases, named
// casino_t_<run>_…, so that two runs at once (two people, two CI jobs on one server)
// never drop each other's databases.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The id of this run's databases, made by postgres-setup.ts. */
    pgRun: string;
  }
}

/** The prefix of every database of one run. */
export function runPrefix(run: string): string {
  return `casino_t_${run}_`;
}

/** The migrated database that every suite of the run copies. */
export function templateDb(run: string): string {
  return `${runPrefix(run)}template`;
}

/** The template, seeded with the default test configuration's demo accounts. */
export function seededTemplateDb(run: string): string {
  return `${runPrefix(run)}seeded`;
}

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
