import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ENUMS, enumLabelKey, type EnumGroup } from '../model/enums.ts';
import type { Option } from './fields.tsx';

/** The options of one enumeration with their labels in the current language. */
export function useEnumOptions(group: EnumGroup): Option[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  return useMemo(
    () => ENUMS[group].map((value) => ({ value, label: t(enumLabelKey(group, value)) })),
    // `lang` is not read inside, but the labels must be rebuilt when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [group, t, lang],
  );
}
