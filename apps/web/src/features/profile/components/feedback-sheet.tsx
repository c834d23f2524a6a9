import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@pisonow/domain/errors';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from '@pisonow/domain/support';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Sheet } from '../../../lib/ui/sheet.tsx';
import { useSendFeedback } from '../api/send-feedback.ts';

/** Feedback (VAL-11): at least 10 characters; the server checks the same rule with the same message. */
export function FeedbackSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState(false);
  const send = useActionMutation(useSendFeedback(), (input) => input.body.body);
  const length = text.trim().length;
  const tooShort = length < FEEDBACK_MIN_LENGTH;

  const close = () => {
    setText('');
    setTried(false);
    setSent(false);
    onClose();
  };

  return (
    <Sheet visible={visible} title={t('profile:feedback.title')} onClose={close} testId="feedback-sheet">
      {sent ? (
        <Notice tone="success" testId="feedback-sent">
          {t('profile:feedback.thanks')}
        </Notice>
      ) : (
        <form
          className="my__feedback"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (tooShort) return;
            send.run({ body: { body: text } }, { onSuccess: () => setSent(true) });
          }}
        >
          <label htmlFor="feedback-text" className="my__feedback-label">
            {t('profile:feedback.label')}
          </label>
          <textarea
            id="feedback-text"
            data-testid="feedback-text"
            rows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            value={text}
            aria-invalid={tried && tooShort}
            aria-describedby="feedback-help"
            onChange={(e) => setText(e.target.value)}
          />
          <p id="feedback-help" className="my__feedback-help" aria-live="polite">
            {tried && tooShort ? (
              <span className="my__feedback-error" data-testid="feedback-error">
                {errorMessage('FEEDBACK_TOO_SHORT', locale)}
              </span>
            ) : (
              t('profile:feedback.count', { count: length })
            )}
          </p>
          {send.error != null && <Notice tone="danger">{errorText(send.error, locale)}</Notice>}
          <Button block type="submit" data-testid="feedback-submit" loading={send.isPending}>
            {t('profile:feedback.send')}
          </Button>
        </form>
      )}
    </Sheet>
  );
}
