import { XMLParser } from 'fast-xml-parser';
import type { ListedPerson } from '@pisonow/domain';

/**
 * Reads the UN Security Council Consolidated List in its published XML format (BE-14): every
 * INDIVIDUAL with its name parts, aliases and dates of birth (EXACT dates, APPROXIMATELY / a YEAR,
 * BETWEEN two years: every year in the range). Entities are counted, not screened against people.
 */
type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  value === undefined || value === null || value === ''
    ? []
    : ((Array.isArray(value) ? value : [value]) as Node[]);
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

export function parseUnConsolidatedList(xml: string): {
  generatedAt: string | null;
  people: ListedPerson[];
  entities: number;
} {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
  const doc = parser.parse(xml) as { CONSOLIDATED_LIST?: Node };
  const root = doc.CONSOLIDATED_LIST;
  if (!root) throw new Error('not a UN consolidated list: no CONSOLIDATED_LIST element');
  const individuals = list((root.INDIVIDUALS as Node | undefined)?.INDIVIDUAL);
  const people = individuals.map((p): ListedPerson => {
    const main = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((k) => text(p[k]))
      .filter(Boolean)
      .join(' ');
    const aliases = list(p.INDIVIDUAL_ALIAS)
      .map((a) => text(a.ALIAS_NAME))
      .filter(Boolean);
    const birthDates = list(p.INDIVIDUAL_DATE_OF_BIRTH).flatMap((d) => {
      if (text(d.DATE)) return [text(d.DATE).slice(0, 10)];
      if (text(d.YEAR)) return [text(d.YEAR)];
      const from = Number(text(d.FROM_YEAR));
      const to = Number(text(d.TO_YEAR));
      if (from && to && to >= from && to - from <= 20)
        return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
      return [];
    });
    return { reference: text(p.REFERENCE_NUMBER), names: [main, ...aliases].filter(Boolean), birthDates };
  });
  return {
    generatedAt: text((root as Node)['@dateGenerated']) || null,
    people: people.filter((p) => p.reference && p.names.length),
    entities: list((root.ENTITIES as Node | undefined)?.ENTITY).length,
  };
}
