/**
 * Sanctions screening (BE-14, SEC MC 4 s.2021; RA 9160 and RA 10168 — the designated persons and
 * entities of the UN Security Council's consolidated list, and the Anti-Terrorism Council's): a
 * person's name and birth date against every listed name and alias. Pure: the list is imported
 * elsewhere. Names are compared token by token after folding case and accents, with Jaro-Winkler
 * similarity, so near spellings ("Mohamad" / "Muhammad", a dropped middle name, swapped order)
 * still hit; a listed birth date that differs lowers a name-only hit below the bar unless the name
 * is all but identical. A hit never decides alone: it routes the case to a person.
 */
export interface ListedPerson {
  /** the list's reference number (e.g. QDi.001) */
  reference: string;
  /** the main name and every alias, as listed */
  names: readonly string[];
  /** full dates (YYYY-MM-DD) or years (YYYY) the list gives; empty when none */
  birthDates: readonly string[];
}

export interface ScreeningHit {
  reference: string;
  name: string;
  score: number;
  birthDate: 'match' | 'differs' | 'not_listed';
}

export interface ScreeningResult {
  outcome: 'clear' | 'possible_match';
  hits: ScreeningHit[];
}

/** A name hit needs this token similarity (0–1) … */
export const NAME_THRESHOLD = 0.88;
/** … or this much when the listed birth date differs from the applicant's. */
export const NAME_THRESHOLD_BIRTH_DATE_DIFFERS = 0.97;

/** Case and accents folded, punctuation dropped, split in tokens of 2+ letters. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length >= 2);
}

/** Jaro-Winkler similarity of two strings (1 = equal). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * How alike two names are: every token of the shorter name paired with its best match in the
 * other, averaged (order does not matter; a missing middle name costs nothing); at least two
 * tokens must take part, so one common given name alone never hits.
 */
export function nameSimilarity(a: string, b: string): number {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta];
  if (short.length < 2) return 0;
  const total = short.reduce((sum, t) => sum + Math.max(...long.map((u) => jaroWinkler(t, u))), 0);
  return total / short.length;
}

function birthDateAgainst(applicant: string, listed: readonly string[]): ScreeningHit['birthDate'] {
  if (listed.length === 0) return 'not_listed';
  return listed.some((d) => (d.length === 4 ? applicant.startsWith(d) : applicant === d))
    ? 'match'
    : 'differs';
}

export function screenPerson(
  person: { fullName: string; birthDate: string },
  list: readonly ListedPerson[],
): ScreeningResult {
  const hits: ScreeningHit[] = [];
  for (const entry of list) {
    let best = { name: '', score: 0 };
    for (const name of entry.names) {
      const score = nameSimilarity(person.fullName, name);
      if (score > best.score) best = { name, score };
    }
    const birthDate = birthDateAgainst(person.birthDate, entry.birthDates);
    const bar = birthDate === 'differs' ? NAME_THRESHOLD_BIRTH_DATE_DIFFERS : NAME_THRESHOLD;
    if (best.score >= bar)
      hits.push({
        reference: entry.reference,
        name: best.name,
        score: Math.round(best.score * 1000) / 1000,
        birthDate,
      });
  }
  hits.sort((x, y) => y.score - x.score);
  return { outcome: hits.length ? 'possible_match' : 'clear', hits };
}

/**
 * Screens a name whose birth date nobody gave us: the payee of a refund to a payer who is no
 * borrower (BE-05), typed by finance from the payer's receipt. Every listed person is compared at
 * the name bar, as when the list gives no birth date: without one, nothing can lower a match.
 */
export function screenName(fullName: string, list: readonly ListedPerson[]): ScreeningResult {
  return screenPerson(
    { fullName, birthDate: '' },
    list.map((entry) => ({ ...entry, birthDates: [] })),
  );
}
