import { formatPeso } from '@pisonow/domain';

export const peso = (centavos: string | null | undefined) =>
  centavos == null ? '—' : formatPeso(BigInt(centavos));
export const when = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-PH', {
        timeZone: 'Asia/Manila',
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '—';
