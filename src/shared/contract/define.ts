// How a call of the contract is written down: its HTTP method, the zod schema its params
// are checked with, and the type of its reply. The reply is a type only (`reply<T>()`
// carries it and nothing else), so the browser imports the contract as a type and ships
// none of it.
import type { z } from 'zod';

/** A params schema, or the maker of one for a value only the server knows (the password's minimum length). */
export type ParamsSchema = z.ZodType | ((minimum: number) => z.ZodType);

/** The reply's type, carried by the entry at the type level only. */
export interface ReplyOf<R> {
  readonly __reply?: R;
}

export interface Entry<M extends 'GET' | 'POST' = 'GET' | 'POST', S extends ParamsSchema = ParamsSchema, R = unknown> {
  readonly method: M;
  readonly params: S;
  readonly reply: ReplyOf<R>;
}

const REPLY: ReplyOf<never> = Object.freeze({});

/** The reply type `R` of an entry: `post(params, reply<BetListReply>())`. */
export const reply = <R>(): ReplyOf<R> => REPLY as ReplyOf<R>;

/** A call the browser POSTs with its params as the JSON body (all but one). */
export const post = <S extends ParamsSchema, R>(params: S, replied: ReplyOf<R>): Entry<'POST', S, R> => ({ method: 'POST', params, reply: replied });

/** A call read with GET, its params (none) in no body. */
export const get = <S extends ParamsSchema, R>(params: S, replied: ReplyOf<R>): Entry<'GET', S, R> => ({ method: 'GET', params, reply: replied });

type SchemaOf<S> = S extends (minimum: number) => infer Made ? Made : S;

/** What a client sends: the schema's input. */
export type ParamsOfEntry<E> = E extends Entry<'GET' | 'POST', infer S> ? z.input<Extract<SchemaOf<S>, z.ZodType>> : never;
/** What the server answers with a 2xx status. */
export type ReplyOfEntry<E> = E extends Entry<'GET' | 'POST', ParamsSchema, infer R> ? R : never;
