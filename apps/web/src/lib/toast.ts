import { errorText } from './api/error-text.ts';
import { currentLocale } from './i18n/index.ts';
import './ui/toast.css';

/** SH-14: every toast lasts 2000 ms. */
export const TOAST_MS = 2000;

let current: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | undefined;

/**
 * A toast without an animation library (the login page must stay small, issue 9): one live
 * region at a time, announced by screen readers, gone after 2000 ms. A new toast replaces the last.
 */
export function showToast(content: string): void {
  if (typeof document === 'undefined') return;
  if (current) {
    clearTimeout(current.timer);
    current.element.remove();
  }
  const element = document.createElement('div');
  element.className = 'ui-toast';
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  element.dataset.testid = 'toast';
  const text = document.createElement('div');
  text.className = 'ui-toast__text adm-toast-main';
  text.textContent = content;
  element.append(text);
  document.body.append(element);
  const timer = setTimeout(() => {
    element.remove();
    if (current?.element === element) current = undefined;
  }, TOAST_MS);
  current = { element, timer };
}

/** Shows a failure through the one message table (ER-02). */
export function showError(error: unknown): void {
  showToast(errorText(error, currentLocale()));
}
