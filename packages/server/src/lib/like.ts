/**
 * LIKE patterns from user input: wildcards (`%`, `_`) and the escape character are matched literally
 * (PostgreSQL's default escape `\`). Used by every keyword search that builds its own LIKE.
 */

/** Escapes LIKE wildcards so a keyword is matched literally. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%keyword%`, lower-cased and escaped, for `lower(column) like …`; undefined for an empty or blank keyword. */
export function containsPattern(keyword: string | undefined): string | undefined {
  const kw = keyword?.trim().toLowerCase();
  return kw ? `%${likeEscape(kw)}%` : undefined;
}
