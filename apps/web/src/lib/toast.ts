import Toast from 'antd-mobile/es/components/toast';
import { errorText } from './api/error-text.ts';
import { currentLocale } from './i18n/index.ts';

/** SH-14: every toast lasts 2000 ms. */
export const TOAST_MS = 2000;

Toast.config({ duration: TOAST_MS });

export function showToast(content: string): void {
  Toast.show({ content, duration: TOAST_MS });
}

/** Shows a failure through the one message table (ER-02). */
export function showError(error: unknown): void {
  showToast(errorText(error, currentLocale()));
}
