import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import './ui.css';

/**
 * A bottom sheet (design system): a title, a close button with an accessible name, and content.
 * Pickers and confirmations use it so every sheet looks and behaves the same.
 */
export function Sheet({
  visible,
  title,
  onClose,
  children,
  testId,
}: {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="ui-sheet" destroyOnClose>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
        data-testid={testId}
      >
        <header className="ui-sheet__header">
          <h2 className="ui-sheet__title">{title}</h2>
          <button type="button" className="ui-sheet__close" aria-label={t('common:close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="ui-sheet__body">{children}</div>
      </div>
    </Popup>
  );
}
