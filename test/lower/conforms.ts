// Type-level checks shared by sdk-types.ts (the SDK majors package.json pins) and sdk-types-newest.ts (the newest
// majors, installed under aliases): a wire type conforms to an SDK type when it is assignable to it and uses only
// keys the SDK type knows, at every depth.
import type { JsonObject, JsonValue } from "../../src/lower/types.js";

/** An SDK type as JSON carries it: bytes (Uint8Array in the JS SDK) are base64 strings on the wire. */
export type Wire<T> = T extends Uint8Array
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

export type Expect<Condition extends true> = Condition;
type IsAssignable<From, To> = [From] extends [To] ? true : false;
type AllTrue<Flags> = [Flags] extends [true] ? true : false;

/**
 * True when every member of From matches some member of To using only keys To knows, at every depth.
 * Assignability alone lets a misspelled optional field through (most Gemini fields are optional).
 */
type KnowsAllKeys<From, To> = AllTrue<From extends unknown ? (true extends MatchesSome<From, To> ? true : false) : never>;
type MatchesSome<From, To> = To extends unknown ? MatchesOne<From, To> : never;
type IsSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** JSON values are data, not field names: their keys are not checked (and their recursion would not end). */
type IsJsonData<T> = true extends IsSame<T, JsonObject> | IsSame<T, JsonValue[]> ? true : false;
type MatchesOne<From, To> = IsJsonData<From> extends true ? true
  : From extends readonly (infer Item)[]
  ? To extends readonly (infer TargetItem)[] ? KnowsAllKeys<Item, TargetItem> : false
  : From extends object
    ? To extends readonly unknown[] ? false
      : To extends object
        ? Exclude<keyof From, keyof To> extends never
          ? AllTrue<{ [Key in keyof From]-?: KnowsAllKeys<NonNullable<From[Key]>, NonNullable<To[Key & keyof To]>> }[keyof From]>
          : false
        : false
    : [From] extends [To] ? true : false;
export type Conforms<From, To> = AllTrue<IsAssignable<From, To> | KnowsAllKeys<From, To>>;
