/**
 * The shape another locale must have: every key of the zh-CN source, each a string. Used as
 * `satisfies Messages<typeof zhArea>` so the compiler refuses a missing or extra key.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
