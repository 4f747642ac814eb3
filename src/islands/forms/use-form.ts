// Form state for islands: values, which fields were touched, and each field's
// first error as a catalogue key, from the same zod schema the server runs. A form
// on a page (not in a modal) passes a loader instead of the schema, so zod loads when
// the visitor first leaves a field or submits, rather than with the page. Its `ref` goes
// on the <form>: what was typed into the prerendered fields before hydration is kept.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTypedBeforeHydration } from './typed-before-hydration.ts';

export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export interface FormApi<V extends Record<string, unknown>, O> {
  /** For the <form>: its fields, as the visitor left them before the island hydrated, are the first values. */
  ref: RefObject<HTMLFormElement | null>;
  values: V;
  errors: Record<string, string>;
  touched: Partial<Record<keyof V, boolean>>;
  set<K extends keyof V>(name: K, value: V[K]): void;
  touch(name: keyof V): void;
  /** Validates everything and marks every field touched; the parsed data when valid. */
  submit(): Promise<O | undefined>;
  /** Errors from the server (400 field errors) or async checks, by field. */
  setExternal(name: string, key: string | undefined): void;
  reset(values?: V): void;
  /** Values known later (a player's details): each goes into its field unless the visitor has changed that field. */
  fill(values: Partial<V>): void;
  /** The visible error of a field: only once touched. */
  errorOf(name: keyof V | string): string | undefined;
  /** That error in words, from a catalogue namespace (its `invalid_value` for keys it lacks). */
  message(name: keyof V | string, catalog: Readonly<Record<string, string>>): string | undefined;
}

function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

export function useForm<S extends z.ZodType, V extends Record<string, unknown>>(source: SchemaSource<S>, initial: V): FormApi<V, z.output<S>> {
  const [schema, setSchema] = useState<S | undefined>(typeof source === 'function' ? undefined : source);
  const loading = useRef<Promise<S> | undefined>(undefined);
  const load = useCallback(async (): Promise<S> => {
    if (typeof source !== 'function') return source;
    loading.current ??= source().then((s) => {
      setSchema(() => s);
      return s;
    });
    return loading.current;
  }, [source]);

  const [values, setValues] = useState<V>(initial);
  const first = useRef(initial);
  const ref = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(ref, (typed) =>
    setValues((v) => {
      const next: Record<string, unknown> = { ...v };
      for (const [name, value] of Object.entries(typed)) {
        if (!(name in v)) continue;
        next[name] = typeof v[name] === 'number' ? Number(value) : value;
      }
      return next as V;
    }),
  );
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [external, setExternalErrors] = useState<Record<string, string>>({});
  const errors = useMemo(() => ({ ...(schema ? errorsOf(schema, values) : {}), ...external }), [schema, values, external]);
  // Anything touched means the visitor is using the form: time to fetch the rules.
  useEffect(() => {
    if (!schema && Object.keys(touched).length > 0) void load();
  }, [schema, touched, load]);

  // Setting a value loads nothing by itself: pages prefill fields before anyone types.
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setExternalErrors((e) => {
      if (!(name in e)) return e;
      const { [name as string]: _, ...rest } = e;
      return rest;
    });
  }, []);
  const touch = useCallback((name: keyof V) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })), []);
  const setExternal = useCallback((name: string, key: string | undefined) => {
    setExternalErrors((e) => {
      if (key === undefined) {
        const { [name]: _, ...rest } = e;
        return rest;
      }
      return { ...e, [name]: key };
    });
    if (key) setTouched((t) => ({ ...t, [name]: true }));
  }, []);

  return {
    ref,
    values,
    errors,
    touched,
    set,
    touch,
    setExternal,
    reset: (next = initial) => {
      setValues(next);
      setTouched({});
      setExternalErrors({});
    },
    fill: (known) =>
      setValues((v) => {
        const next: Record<string, unknown> = { ...v };
        for (const [name, value] of Object.entries(known)) if (v[name] === first.current[name]) next[name] = value;
        return next as V;
      }),
    errorOf: (name) => (touched[name as keyof V] ? errors[name as string] : undefined),
    message: (name, catalog) => {
      const key = touched[name as keyof V] ? errors[name as string] : undefined;
      return key ? (catalog[key] ?? catalog.invalid_value ?? key) : undefined;
    },
    submit: async () => {
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof V, boolean>>);
      const rules = await load();
      if (Object.keys(external).length > 0) return undefined;
      const result = rules.safeParse(values);
      return result.success ? (result.data as z.output<S>) : undefined;
    },
  };
}
