import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LOCALES, useLocale } from '../../../lib/i18n/index.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useTranscript } from '../api/get-transcript.ts';
import { clockOf } from '../model/webvtt.ts';
import './video-index.css';

/**
 * `/videoIndex` (issue 10): the how-to-borrow tutorial from configuration (video, poster, WebVTT
 * captions per language). Nothing downloads until the borrower presses play (preload="none": mobile
 * data costs money); captions start in the app's language; the same captions file is printed below
 * as a transcript, so the steps can be read without playing anything. With no video configured the
 * poster and the transcript stand alone.
 */
export default function VideoIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const config = usePublicConfig();
  const tutorial = config.data?.tutorial;
  const captions = tutorial?.captions ?? null;
  const transcript = useTranscript(captions?.[locale] ?? null);

  return (
    <Page className="tutorial">
      <p className="tutorial__lead">{t('tutorial:lead')}</p>
      {tutorial?.videoUrl ? (
        // keyed by language: a <track default> is read when the element starts, not when it changes
        <video
          key={locale}
          className="tutorial__video"
          data-testid="tutorial-video"
          controls
          playsInline
          preload="none"
          poster={tutorial.posterUrl ?? undefined}
          aria-label={t('tutorial:videoLabel')}
        >
          <source
            src={tutorial.videoUrl}
            type={/\.webm($|\?)/i.test(tutorial.videoUrl) ? 'video/webm' : 'video/mp4'}
          />
          {captions &&
            LOCALES.map((lang) => (
              <track
                key={lang}
                kind="captions"
                srcLang={lang}
                src={captions[lang]}
                label={LANGUAGE_LABELS[lang]}
                default={lang === locale}
              />
            ))}
        </video>
      ) : tutorial ? (
        <>
          {tutorial.posterUrl && (
            <img
              className="tutorial__video"
              src={tutorial.posterUrl}
              alt={t('tutorial:posterAlt')}
              data-testid="tutorial-poster"
            />
          )}
          <Notice testId="tutorial-no-video">{t('tutorial:noVideo')}</Notice>
        </>
      ) : null}

      <section className="tutorial__transcript" aria-labelledby="tutorial-transcript-title">
        <h2 id="tutorial-transcript-title" className="tutorial__heading">
          {t('tutorial:transcript')}
        </h2>
        {transcript.isError || (!captions && tutorial) ? (
          <Notice tone="warning" testId="tutorial-transcript-missing">
            {t('tutorial:transcriptMissing')}
          </Notice>
        ) : (
          <ol className="tutorial__cues" data-testid="tutorial-transcript" aria-busy={transcript.isPending}>
            {(transcript.data ?? []).map((cue) => (
              <li key={cue.start} className="tutorial__cue">
                <span className="tutorial__time">{clockOf(cue.start)}</span>
                <span>{cue.text}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <Button block size="large" data-testid="tutorial-start" onClick={() => void navigate('/homeIndex')}>
        {t('tutorial:start')}
      </Button>
    </Page>
  );
}
