import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import {
  checkIdCardQuality,
  checkSelfieQuality,
  errorMessage,
  photoProblemCode,
  type ErrorCode,
  type PhotoKind,
  type PhotoProblem,
} from '@pisonow/domain';
import { errorCodeOf, errorText, newIdempotencyKey } from '../../../../lib/api/index.ts';
import { useLocale } from '../../../../lib/i18n/index.ts';
import { requestUploadGrant } from '../../../../lib/photos/request-upload-grant.ts';
import { uploadPhoto } from '../../../../lib/photos/upload-photo.ts';
import { usePhotoLink } from '../../api/get-photo-link.ts';
import { preparePhoto } from '../../../../lib/photos/prepare-photo.ts';
import './photo-capture.css';

export interface PhotoCaptureProps {
  kind: PhotoKind;
  /** the accepted photo's id */
  value?: string | undefined;
  onChange(photoId: string | null): void;
}

type Failure = { code: ErrorCode | (string & {}); message: string; problems: PhotoProblem[] };
type Phase =
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'uploading'; percent: number; kb: number }
  | { name: 'failed'; failure: Failure };

/** The face model's chunk: imported only here, only when a selfie capture is on screen. */
const loadFaceDetector = () => import('./face-detector.ts');

/**
 * Takes one KYC photo (VAL-16, BE-03, ST-05): a guide frame and instructions, the phone's camera
 * through a file input, a 1600-px JPEG made in the page, the same quality checks as the server
 * (blur, glare, card borders; one face for a selfie) so a bad photo is caught before it is sent,
 * then the upload through a short-lived grant and the accepted photo shown via its short-lived link.
 * The server re-checks everything; its verdict (422 PHOTO_RETAKE / FACE_FAILED) is shown the same way.
 */
export function PhotoCapture({ kind, value, onChange }: PhotoCaptureProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const link = usePhotoLink(value);

  useEffect(() => {
    // warm the face model while the borrower reads the instructions; failures surface on use
    if (kind === 'selfie')
      void loadFaceDetector()
        .then((m) => m.preloadFaceModel())
        .catch(() => undefined);
  }, [kind]);

  const fail = (code: ErrorCode | (string & {}), message: string, problems: PhotoProblem[] = []) =>
    setPhase({ name: 'failed', failure: { code, message, problems } });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after a retake
    if (!file) return;
    setPhase({ name: 'checking' });
    let prepared;
    try {
      prepared = await preparePhoto(file);
    } catch {
      fail('IMAGE_INVALID', errorMessage('IMAGE_INVALID', locale));
      return;
    }
    let problems: PhotoProblem[];
    if (kind === 'idCard') {
      problems = checkIdCardQuality(prepared.pixels).problems;
    } else {
      let faces: number | undefined;
      try {
        faces = await (await loadFaceDetector()).countFaces(prepared.canvas);
      } catch {
        faces = undefined; // no model here (old browser): the server still counts the faces
      }
      problems = checkSelfieQuality(prepared.pixels, faces === undefined ? {} : { faces }).problems;
    }
    const localCode = photoProblemCode(problems);
    if (localCode) {
      fail(localCode, errorMessage(localCode, locale), problems);
      return;
    }
    const kb = Math.max(1, Math.round(prepared.blob.size / 1024));
    setPhase({ name: 'uploading', percent: 0, kb });
    try {
      const grant = await requestUploadGrant({ kind, idempotencyKey: newIdempotencyKey() });
      const photo = await uploadPhoto({
        uploadUrl: grant.uploadUrl,
        blob: prepared.blob,
        onProgress: (share) => setPhase({ name: 'uploading', percent: Math.round(share * 100), kb }),
      });
      setPhase({ name: 'idle' });
      onChange(photo.photoId);
    } catch (error) {
      fail(errorCodeOf(error) ?? 'INTERNAL', errorText(error, locale));
    }
  }

  function retake() {
    setPhase({ name: 'idle' });
    if (value) onChange(null);
    input.current?.click();
  }

  const busy = phase.name === 'checking' || phase.name === 'uploading';
  return (
    <div className={`photo-capture photo-capture--${kind}`} data-testid={`photo-capture-${kind}`}>
      <input
        ref={input}
        className="photo-capture__input"
        type="file"
        accept="image/*"
        capture={kind === 'selfie' ? 'user' : 'environment'}
        onChange={(e) => void onFile(e)}
        disabled={busy}
        data-testid={`photo-input-${kind}`}
        aria-label={t(`photos:${kind}.take`)}
      />
      {value && phase.name !== 'failed' ? (
        <div className="photo-capture__frame photo-capture__frame--done">
          {link.data ? (
            <img
              className="photo-capture__preview"
              src={link.data.url}
              alt={t(`photos:${kind}.previewAlt`)}
              data-testid={`photo-preview-${kind}`}
              onError={() => void link.refetch()}
            />
          ) : (
            <DotLoading />
          )}
        </div>
      ) : (
        <button
          type="button"
          className="photo-capture__frame"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label={t(`photos:${kind}.take`)}
        >
          <span className={`photo-capture__guide photo-capture__guide--${kind}`} aria-hidden="true" />
          <span className="photo-capture__hint">{busy ? <DotLoading /> : t(`photos:${kind}.take`)}</span>
        </button>
      )}
      {phase.name === 'checking' && <p className="photo-capture__status">{t('photos:checking')}</p>}
      {phase.name === 'uploading' && (
        <div className="photo-capture__status" data-testid={`photo-progress-${kind}`}>
          <p className="photo-capture__progress-text">
            {t('photos:uploadingPercent', { percent: phase.percent, kb: phase.kb })}
          </p>
          <div
            className="photo-capture__progress"
            role="progressbar"
            aria-label={t('photos:uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase.percent}
          >
            <span className="photo-capture__progress-bar" style={{ width: `${phase.percent}%` }} />
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <div
          className="photo-capture__error"
          role="alert"
          data-testid={`photo-error-${kind}`}
          data-code={phase.failure.code}
        >
          <p>{phase.failure.message}</p>
          {phase.failure.problems.length > 0 && (
            <ul>
              {phase.failure.problems.map((p) => (
                <li key={p}>{t(`photos:problems.${p}`)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ul className="photo-capture__tips">
        {(['tip1', 'tip2', 'tip3'] as const).map((tip) => (
          <li key={tip}>{t(`photos:${kind}.${tip}`)}</li>
        ))}
      </ul>
      {(value || phase.name === 'failed') && (
        <Button
          size="small"
          fill="outline"
          color="primary"
          onClick={retake}
          disabled={busy}
          data-testid={`photo-retake-${kind}`}
        >
          {t('photos:retake')}
        </Button>
      )}
    </div>
  );
}
